import EffectfulCounter
import EffectfulEffectTestSupport
import Effectful
import EffectfulTesting
import Foundation
import EffectfulHTTPTestSupport
import Testing

/// What belongs to a number goes when the count moves on; a fact can be cancelled; a live request
/// that gets no answer fails in about ten seconds, not sixty.
@MainActor
@Suite struct StaleStateAndCancelTests {
  let scheduler = TestScheduler()

  @Test func countingClearsTheFactAboutTheOldCount() {
    let store = Store(
      initialValue: CounterState(count: 5, fact: "5 is a prime number."),
      reducer: counterReducer(environment: .test(scheduler: scheduler)))
    store.send(.decrementButtonTapped)
    #expect(store.value == CounterState(count: 4))
    store.send(.countEntered(50))
    #expect(store.value == CounterState(count: 50))
  }

  @Test func countingClearsAnErrorAboutTheOldCount() {
    let store = Store(
      initialValue: CounterState(count: 0), reducer: counterReducer(environment: .test(scheduler: scheduler)))
    store.send(.nthPrimeButtonTapped)
    #expect(store.value.errorMessage == CounterError.noSuchPrime(n: 0).message)
    store.send(.incrementButtonTapped)
    #expect(store.value == CounterState(count: 1))
  }

  @Test func aFactInFlightCanBeCancelled() {
    let store = Store(
      initialValue: CounterState(count: 7),
      reducer: counterReducer(
        environment: .test(
          scheduler: scheduler,
          fact: { n in Effect.send(.success("\(n) is lucky.")).delay(for: .seconds(5), scheduler: scheduler) })))
    store.send(.factButtonTapped)
    #expect(store.value.isLoading)
    store.send(.factCancelButtonTapped)
    scheduler.advance(by: .seconds(10))
    #expect(store.value == CounterState(count: 7), "the fact never arrives, and nothing is loading")
  }

  @Test func aSilentServerFailsTheFactWithinAboutTenSeconds() async throws {
    #expect(CounterEnvironment.requestTimeout == .seconds(10))
    let server = try TestHTTPServer { _ in .json(#"{"text": "late"}"#).delayed(by: .seconds(90)) }
    defer { server.stop() }
    let environment = CounterEnvironment.live(appID: nil, endpoints: LiveEndpoints(serverAt: server.baseURL))
    let start = ContinuousClock.now
    let outputs = Collected<Result<String, CounterError>>()
    environment.fact(3).run { outputs.append($0) }
    // URLSession's default would wait 60 s; the deadline here is well short of that.
    #expect(await waitUntil(timeout: .seconds(40)) { !outputs.values.isEmpty })
    #expect(ContinuousClock.now - start < .seconds(40))
    guard case .failure(.network)? = outputs.values.first else {
      Issue.record("expected a network failure, got \(outputs.values)")
      return
    }
  }
}
