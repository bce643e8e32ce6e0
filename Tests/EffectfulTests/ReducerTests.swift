import EffectfulEffectTestSupport
import Effectful
import Testing

private struct AppState: Equatable {
  var count = 0
  var favorites: [Int] = []
}

private enum CounterAction: Equatable, Sendable {
  case increment
  case incrementLater
}

private enum FavoritesAction: Equatable, Sendable {
  case add(Int)
}

private enum AppAction: Equatable, Sendable {
  case counter(CounterAction)
  case favorites(FavoritesAction)

  var counter: CounterAction? {
    get {
      guard case .counter(let value) = self else { return nil }
      return value
    }
    set {
      guard case .counter = self, let newValue else { return }
      self = .counter(newValue)
    }
  }
}

private let counterReducer: Reducer<Int, CounterAction> = { count, action in
  switch action {
  case .increment:
    count += 1
    return []
  case .incrementLater:
    return [.send(.increment)]
  }
}

private let favoritesReducer: Reducer<[Int], FavoritesAction> = { favorites, action in
  switch action {
  case .add(let prime):
    favorites.append(prime)
    return []
  }
}

/// The episode's style: reducers as global `let`s, composed with `combine` and `pullback`.
private let appReducer: Reducer<AppState, AppAction> = combine(
  pullback(counterReducer, value: \AppState.count, action: \AppAction.counter),
  pullback(
    favoritesReducer, value: \AppState.favorites,
    action: CasePath(AppAction.favorites) {
      guard case .favorites(let action) = $0 else { return nil }
      return action
    })
)

@MainActor
@Suite("Reducer")
struct ReducerTests {
  @Test func pullbackWithKeyPathsAndCasePathsComposes() {
    let store = Store(initialValue: AppState(), reducer: appReducer)
    store.send(.counter(.increment))
    store.send(.counter(.incrementLater))
    store.send(.favorites(.add(7)))
    #expect(store.value == AppState(count: 2, favorites: [7]))
  }

  @Test func pullbackIgnoresOtherActions() {
    var state = AppState()
    let effects = pullback(counterReducer, value: \AppState.count, action: \AppAction.counter)(
      &state, .favorites(.add(2)))
    #expect(effects.isEmpty)
    #expect(state == AppState())
  }

  @Test func combineRunsEveryReducerInOrder() {
    let first: Reducer<[String], String> = { log, action in
      log.append("first \(action)")
      return [.send("from first")]
    }
    let second: Reducer<[String], String> = { log, action in
      log.append("second \(action)")
      return []
    }
    var log: [String] = []
    let effects = combine(first, second)(&log, "x")
    #expect(log == ["first x", "second x"])
    #expect(effects.count == 1)
  }

  @Test func loggingPrintsActionAndValueThroughThePrinter() {
    let lines = Collected<String>()
    let store = Store(
      initialValue: AppState(),
      reducer: logging(appReducer, printer: { lines.append($0) }))
    store.send(.counter(.increment))
    #expect(lines.values.count == 1)
    let entry = lines.values.first ?? ""
    #expect(entry.hasPrefix("Action: "))
    #expect(entry.contains("increment"))
    #expect(entry.contains("count: 1"))
    #expect(store.value.count == 1)
  }
}
