import Effectful
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The code examples in the doc comments of Reducer.swift, Pullback.swift, CasePath.swift and
// DataTask.swift, each compiled here as written (inside a namespace, with the types it assumes):
// change an example, change its copy here.

private struct CounterState: Equatable, Sendable { var count = 0; var fact: String? }
private enum CounterAction: Equatable, Sendable {
  case incrementButtonTapped, factButtonTapped, factResponse(String)
}
private struct FavoritePrimesState: Equatable, Sendable { var primes: [Int] = [] }
private enum FavoritePrimesAction: Equatable, Sendable { case delete }

private let favoritePrimesReducer: Reducer<FavoritePrimesState, FavoritePrimesAction> = { state, _ in
  state.primes.removeAll()
  return []
}

/// Reducer.swift: the typealias and `combine`.
private enum ReducerExample {
  struct AppState: Equatable { var counter = CounterState(); var favoritePrimes = FavoritePrimesState() }
  enum AppAction: Equatable {
    case counter(CounterAction)
    case favoritePrimes(FavoritePrimesAction)
    var counter: CounterAction? {
      get { guard case .counter(let value) = self else { return nil }; return value }
      set { guard case .counter = self, let newValue else { return }; self = .counter(newValue) }
    }
    var favoritePrimes: FavoritePrimesAction? {
      get { guard case .favoritePrimes(let value) = self else { return nil }; return value }
      set {
        guard case .favoritePrimes = self, let newValue else { return }; self = .favoritePrimes(newValue)
      }
    }
  }

  static let counterReducer: Reducer<CounterState, CounterAction> = { state, action in
    switch action {
    case .incrementButtonTapped:
      state.count += 1
      return []
    case .factButtonTapped:
      let n = state.count
      return [Effect.sync { "\(n) is a number." }.map(CounterAction.factResponse)]
    case .factResponse(let fact):
      state.fact = fact
      return []
    }
  }

  static let appReducer: Reducer<AppState, AppAction> = combine(
    pullback(counterReducer, value: \.counter, action: \.counter),
    pullback(favoritePrimesReducer, value: \.favoritePrimes, action: \.favoritePrimes)
  )

  static let counterFeature = pullback(counterReducer, value: \AppState.counter, action: \AppAction.counter)
  static let favoritesFeature = pullback(
    favoritePrimesReducer, value: \AppState.favoritePrimes, action: \AppAction.favoritePrimes)
  static let featureReducers: [Reducer<AppState, AppAction>] = [counterFeature, favoritesFeature]
  static let reducer = combine(featureReducers)
}

/// Pullback.swift: the key-path and the case-path overloads.
private enum PullbackExample {
  struct AppState { var counter = CounterState() }
  enum AppAction {
    case counter(CounterAction)
    var counter: CounterAction? {
      get { guard case .counter(let value) = self else { return nil }; return value }
      set { guard case .counter = self, let newValue else { return }; self = .counter(newValue) }
    }
  }
  static let counterReducer = ReducerExample.counterReducer
  static let keyPathReducer = pullback(counterReducer, value: \AppState.counter, action: \AppAction.counter)
  static let appReducer: Reducer<AppState, AppAction> = combine(
    pullback(
      counterReducer, value: \.counter,
      action: CasePath(AppAction.counter) {
        guard case .counter(let action) = $0 else { return nil }
        return action
      })
  )
}

/// CasePath.swift.
private enum CasePathExample {
  struct AppState { var counter = CounterState(); var favoritePrimes = FavoritePrimesState() }
  enum AppAction { case counter(CounterAction), favoritePrimes(FavoritePrimesAction) }
  static let counterReducer = ReducerExample.counterReducer
  static let reducer: Reducer<AppState, AppAction> = pullback(
    counterReducer, value: \.counter, action: AppAction.counterCase)
}

extension CasePathExample.AppAction {
  fileprivate static let counterCase = CasePath(CasePathExample.AppAction.counter) { action in
    guard case .counter(let local) = action else { return nil }
    return local
  }
}

/// DataTask.swift: built, not run (no network in tests; the live path is tested against a stub).
private enum DataTaskExample {
  struct Fact: Decodable, Sendable { var text: String }
  struct Saved: Decodable, Sendable { var id: Int }

  static func examples() -> (Effect<Fact?>, Effect<Result<Saved, NetworkError>>) {
    // numbersapi.com has no HTTPS: on Apple platforms an app needs an ATS exception for it.
    let fact: Effect<Fact?> = dataTask(with: URL(string: "http://numbersapi.com/42?json")!)
      .decode(as: Fact.self)
      .receive(on: DispatchQueue.main)
    var request = URLRequest(url: URL(string: "http://127.0.0.1:8080/favorites")!)
    request.httpMethod = "POST"
    let saved: Effect<Result<Saved, NetworkError>> = dataTask(with: request).decodeResult(as: Saved.self)
    return (fact, saved)
  }
}

@MainActor
@Suite("Doc comment examples")
struct DocExampleTests {
  @Test func reducerExamplesDoWhatTheySay() {
    let store = Store(initialValue: ReducerExample.AppState(), reducer: ReducerExample.appReducer)
    store.send(.counter(.incrementButtonTapped))
    store.send(.counter(.factButtonTapped))
    #expect(store.value.counter == CounterState(count: 1, fact: "1 is a number."))
    let combined = Store(initialValue: ReducerExample.AppState(), reducer: ReducerExample.reducer)
    combined.send(.counter(.incrementButtonTapped))
    #expect(combined.value.counter.count == 1)
  }

  @Test func pullbackAndCasePathExamplesReachTheCounter() {
    let viaCasePath = Store(initialValue: PullbackExample.AppState(), reducer: PullbackExample.appReducer)
    viaCasePath.send(.counter(.incrementButtonTapped))
    #expect(viaCasePath.value.counter.count == 1)
    let viaKeyPath = Store(initialValue: PullbackExample.AppState(), reducer: PullbackExample.keyPathReducer)
    viaKeyPath.send(.counter(.incrementButtonTapped))
    #expect(viaKeyPath.value.counter.count == 1)
    let viaStatic = Store(initialValue: CasePathExample.AppState(), reducer: CasePathExample.reducer)
    viaStatic.send(.counter(.incrementButtonTapped))
    #expect(viaStatic.value.counter.count == 1)
  }

  @Test func dataTaskExamplesBuild() {
    _ = DataTaskExample.examples()
  }
}
