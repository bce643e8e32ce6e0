import Effectful
import Foundation
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The code of Articles/GettingStarted.md. Every ```swift block of the article is a run of lines in
// this file (check-docs verifies it): change the code here, then copy it into the article.

struct CounterState: Equatable {
  var count = 0
  var fact: String?
  var isLoading = false
}

enum CounterAction: Equatable, Sendable {
  case decrementButtonTapped
  case incrementButtonTapped
  case factButtonTapped
  case factResponse(String?)
}

struct CounterEnvironment: Sendable {
  var fact: @Sendable (Int) -> Effect<String?>
}

func counterReducer(
  environment: CounterEnvironment
) -> Reducer<CounterState, CounterAction> {
  { state, action in
    switch action {
    case .decrementButtonTapped:
      state.count -= 1
      return []
    case .incrementButtonTapped:
      state.count += 1
      return []
    case .factButtonTapped:
      state.isLoading = true
      return [
        environment.fact(state.count).map(CounterAction.factResponse)
      ]
    case .factResponse(let fact):
      state.isLoading = false
      state.fact = fact
      return []
    }
  }
}

extension CounterEnvironment {
  /// Facts computed on the spot: no network, the same answer every time.
  static let offline = CounterEnvironment(fact: { n in
    .sync { "\(n) is \(n.isMultiple(of: 2) ? "even" : "odd")." }
  })
}

extension CounterEnvironment {
  /// Facts from numbersapi.com, delivered on the main queue, where the
  /// store lives.
  static let live = CounterEnvironment(fact: { n in
    let address = "http://numbersapi.com/\(n)/trivia"
    guard let url = URL(string: address) else {
      return .send(nil)
    }
    return dataTask(with: url)
      .validated()
      .map { result in
        (try? result.get()).map { String(decoding: $0, as: UTF8.self) }
      }
      .receive(on: DispatchQueue.main)
  })
}

import EffectfulTesting
import Testing

@MainActor @Test func factButtonTapped() {
  let store = TestStore(
    initialValue: CounterState(count: 3),
    reducer: counterReducer(environment: .offline)
  )
  store.send(.factButtonTapped) { $0.isLoading = true }
  store.receive(.factResponse("3 is odd.")) {
    $0.isLoading = false
    $0.fact = "3 is odd."
  }
}

@MainActor
@Suite("Getting started")
struct GettingStartedTests {
  @Test func theStoreRunsTheCounter() {
    var printed: [String] = []
    let print = { (line: String) in printed.append(line) }

    let store = Store(
      initialValue: CounterState(),
      reducer: counterReducer(environment: .offline))
    let subscription = store.subscribe { state in
      let fact = state.fact ?? "none"
      print(
        "count: \(state.count), loading: \(state.isLoading), fact: \(fact)")
    }
    store.send(.incrementButtonTapped)
    store.send(.incrementButtonTapped)
    store.send(.factButtonTapped)
    subscription.cancel()

    // The article shows these lines as the output.
    #expect(
      printed == [
        "count: 1, loading: false, fact: none",
        "count: 2, loading: false, fact: none",
        "count: 2, loading: true, fact: none",
        "count: 2, loading: false, fact: 2 is even.",
      ])
  }

  @Test func decrementBelowZero() {
    let store = TestStore(
      initialValue: CounterState(),
      reducer: counterReducer(environment: .offline))
    store.send(.decrementButtonTapped) { $0.count = -1 }
    store.send(.incrementButtonTapped) { $0.count = 0 }
  }

  @Test func theLiveEnvironmentIsAnEnvironmentLikeAnyOther() {
    // Not run against the network: building it is the point (it compiles, it has the same shape).
    let reducer = counterReducer(environment: .live)
    var state = CounterState()
    #expect(reducer(&state, .incrementButtonTapped).isEmpty)
  }
}
