import EffectfulEffectTestSupport
import Effectful
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The README's tour, kept compiling and working here: if this file changes, change the README too.

private struct CounterState: Equatable { var count = 0; var fact: String? }
private enum CounterAction: Equatable, Sendable {
  case incrementButtonTapped, factButtonTapped, factResponse(String?)
}
private struct NumberFact: Decodable, Sendable { var text: String }
private struct CounterEnvironment: Sendable {
  var fact: @Sendable (Int) -> Effect<String?>  // live: a request; tests: a stub
}

private func counterReducer(environment: CounterEnvironment) -> Reducer<CounterState, CounterAction> {
  { state, action in
    switch action {
    case .incrementButtonTapped:
      state.count += 1
      return []  // no effect
    case .factButtonTapped:
      return [
        environment.fact(state.count)
          .receive(on: DispatchQueue.main)  // the store lives on the main actor
          .map(CounterAction.factResponse)
          .cancellable(id: "fact", cancelInFlight: true)
      ]
    case .factResponse(let fact):
      state.fact = fact
      return []
    }
  }
}

@MainActor
@Suite("README tour")
struct ReadmeTourTests {
  @Test func tourRunsWithAStubbedFact() async {
    let store = Store(
      initialValue: CounterState(),
      reducer: counterReducer(
        environment: .init(fact: { n in Effect { callback in callback("\(n) is a number") } })))
    var printed: [String] = []
    let subscription = store.subscribe { printed.append("count: \($0.count) fact: \($0.fact ?? "-")") }
    store.send(.incrementButtonTapped)
    store.send(.factButtonTapped)
    #expect(await waitUntil { store.value.fact != nil })
    #expect(store.value == CounterState(count: 1, fact: "1 is a number"))
    #expect(printed == ["count: 1 fact: -", "count: 1 fact: 1 is a number"], "no-op actions are not changes")
    subscription.cancel()
  }

  @Test func liveFactEnvironmentDecodesNumbersAPIShape() async throws {
    let live: @Sendable (URL) -> Effect<String?> = { url in
      dataTask(with: url).decode(as: NumberFact.self).map { $0?.text }
    }
    let outputs = Collected<String?>()
    let server = try HTTPStub.numbersAPI()
    defer { server.stop() }
    live(server.url("/7/trivia?json")).run { outputs.append($0) }
    #expect(await waitUntil { !outputs.values.isEmpty })
    #expect(outputs.values == ["7 is the number of days in a week."])
  }
}
