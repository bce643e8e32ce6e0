import Effectful
import EffectfulCounter
import EffectfulEffectTestSupport
import EffectfulHTTPTestSupport
import EffectfulTesting
import Foundation
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

  @Test func countingCancelsAFactStillOnItsWay() {
    let store = TestStore(
      initialValue: CounterState(count: 8),
      reducer: counterReducer(
        environment: .test(
          scheduler: scheduler,
          fact: { [scheduler] n in
            Effect.send(.success("\(n) is a power of two.")).delay(for: .seconds(1), scheduler: scheduler)
          })))
    store.send(.factButtonTapped) { $0.isLoading = true }
    // The fact would be about 8, shown as 9's: it is cancelled with the count's move.
    store.send(.incrementButtonTapped) {
      $0.count = 9
      $0.isLoading = false
    }
    scheduler.advance(by: .seconds(5))
  }

  @Test func aFactInFlightCanBeCancelled() {
    let store = Store(
      initialValue: CounterState(count: 7),
      reducer: counterReducer(
        environment: .test(
          scheduler: scheduler,
          fact: { n in Effect.send(.success("\(n) is lucky.")).delay(for: .seconds(5), scheduler: scheduler) }
        )))
    store.send(.factButtonTapped)
    #expect(store.value.isLoading)
    store.send(.factCancelButtonTapped)
    scheduler.advance(by: .seconds(10))
    #expect(store.value == CounterState(count: 7), "the fact never arrives, and nothing is loading")
  }

  /// The deadline is the live session's, set in its configuration (Linux's shared session was seen to
  /// ignore a request's own timeout), so that is what this test checks; then that a silent server
  /// really ends in a timeout failure rather than a hang, on a session of the same kind with a
  /// one-second deadline (the shortest Linux's sessions keep: they count whole seconds), so that
  /// the suite does not wait out the app's ten seconds, which a loaded machine stretched to thirty.
  @Test func aSilentServerFailsTheFactWithATimeout() async throws {
    #expect(CounterEnvironment.requestTimeout == .seconds(10))
    #expect(CounterEnvironment.liveSession.configuration.timeoutIntervalForRequest == 10)
    let server = try TestHTTPServer { _ in .json(#"{"text": "late"}"#).delayed(by: .seconds(3_600)) }
    defer { server.stop() }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 1
    let session = URLSession(configuration: configuration)
    defer { session.invalidateAndCancel() }
    let environment = CounterEnvironment.live(
      appID: nil, endpoints: LiveEndpoints(serverAt: server.baseURL), session: session,
      requestTimeout: .seconds(1))
    let start = ContinuousClock.now
    let outputs = Collected<Result<String, CounterError>>()
    environment.fact(3).run { outputs.append($0) }
    // A bound against a hang only: the server answers after an hour.
    #expect(await waitUntil(timeout: .seconds(600)) { !outputs.values.isEmpty })
    testLog("counter/silent server: the fact failed after \(ContinuousClock.now - start)")
    guard case .failure(.network(.transport(let code, _)))? = outputs.values.first else {
      Issue.record("expected a transport failure (a timeout), got \(outputs.values)")
      return
    }
    #expect(code == URLError.timedOut.rawValue)
  }
}
