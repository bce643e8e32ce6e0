import Effectful
import EffectfulTesting
import Foundation
import Observation
import Testing

// The code of Articles/ComposingFeatures.md (check-docs compares the article's blocks with it). It
// reuses the counter of GettingStarted.swift.

struct FavoriteState: Equatable {
  var count: Int
  var favorites: [Int]
}

enum FavoriteAction: Equatable, Sendable {
  case saveFavoriteTapped
  case removeFavoriteTapped
}

let favoriteReducer: Reducer<FavoriteState, FavoriteAction> = {
  state, action in
  switch action {
  case .saveFavoriteTapped:
    state.favorites.append(state.count)
    return []
  case .removeFavoriteTapped:
    state.favorites.removeAll { $0 == state.count }
    return []
  }
}

struct AppState: Equatable {
  var counter = CounterState()
  var favorites: [Int] = []
}

extension AppState {
  var favorite: FavoriteState {
    get { FavoriteState(count: counter.count, favorites: favorites) }
    set {
      counter.count = newValue.count
      favorites = newValue.favorites
    }
  }
}

enum AppAction: Equatable, Sendable {
  case counter(CounterAction)
  case favorite(FavoriteAction)
}

extension AppAction {
  static let counterCase = CasePath(AppAction.counter) { action in
    guard case .counter(let counterAction) = action else { return nil }
    return counterAction
  }
  static let favoriteCase = CasePath(AppAction.favorite) { action in
    guard case .favorite(let favoriteAction) = action else { return nil }
    return favoriteAction
  }
}

struct AppEnvironment: Sendable {
  var counter: CounterEnvironment
}

func appReducer(
  environment: AppEnvironment
) -> Reducer<AppState, AppAction> {
  combine(
    pullback(
      counterReducer(environment: environment.counter), value: \.counter,
      action: AppAction.counterCase),
    pullback(
      favoriteReducer, value: \.favorite, action: AppAction.favoriteCase)
  )
}

extension AppAction {
  var favoriteAction: FavoriteAction? {
    get {
      guard case .favorite(let action) = self else { return nil }
      return action
    }
    set {
      guard case .favorite = self, let newValue else { return }
      self = .favorite(newValue)
    }
  }
}

let favoriteAppReducer = pullback(
  favoriteReducer, value: \AppState.favorite,
  action: \AppAction.favoriteAction)

@MainActor
@Suite("Composing features")
struct ComposingFeaturesTests {
  @Test func oneStoreForTheWholeApp() {
    let store = TestStore(
      initialValue: AppState(),
      reducer: appReducer(environment: AppEnvironment(counter: .offline))
    )
    store.send(.counter(.incrementButtonTapped)) { $0.counter.count = 1 }
    store.send(.favorite(.saveFavoriteTapped)) { $0.favorites = [1] }
    store.send(.counter(.factButtonTapped)) { $0.counter.isLoading = true }
    store.receive(.counter(.factResponse("1 is odd."))) {
      $0.counter.isLoading = false
      $0.counter.fact = "1 is odd."
    }
  }

  @Test func keyPathPullback() {
    var state = AppState(counter: CounterState(count: 5))
    _ = favoriteAppReducer(&state, .favorite(.saveFavoriteTapped))
    _ = favoriteAppReducer(&state, .counter(.incrementButtonTapped))  // not its action: ignored
    #expect(state.favorites == [5])
    #expect(state.counter.count == 5)
  }

  @Test func viewsAndLogging() {
    var printed: [String] = []
    let print = { (line: String) in printed.append(line) }

    let appStore = Store(
      initialValue: AppState(),
      reducer: appReducer(environment: AppEnvironment(counter: .offline))
    )
    let counterStore = appStore.view(
      value: { $0.counter }, action: { AppAction.counter($0) })
    let subscription = counterStore.subscribe { counter in
      print("count: \(counter.count)")
    }
    counterStore.send(.incrementButtonTapped)  // count: 1
    // The counter did not change: nothing printed.
    appStore.send(.favorite(.saveFavoriteTapped))
    subscription.cancel()

    #expect(printed == ["count: 1"])
    #expect(appStore.value.favorites == [1])
  }

  @Test func viewMadeInABody() {
    let printed = LockedLines()
    let print = { @Sendable (line: String) in printed.append(line) }

    let appStore = Store(
      initialValue: AppState(),
      reducer: appReducer(environment: AppEnvironment(counter: .offline))
    )
    withObservationTracking {
      let counterStore = appStore.view(
        value: { $0.counter }, action: { AppAction.counter($0) })
      print("count: \(counterStore.value.count)")
    } onChange: {
      print("the counter changed")
    }
    // The counter did not change: nothing printed.
    appStore.send(.favorite(.saveFavoriteTapped))
    appStore.send(.counter(.incrementButtonTapped))  // the counter changed

    #expect(printed.all == ["count: 0", "the counter changed"])
  }

  @Test func loggingPrintsAfterTheReducer() async {
    let lines = LockedLines()
    let reducer = logging(
      appReducer(environment: AppEnvironment(counter: .offline)),
      printer: { lines.append($0) })
    let store = Store(initialValue: AppState(), reducer: reducer)
    store.send(.counter(.incrementButtonTapped))
    #expect(lines.all.count == 1)
    let entry = lines.all.first ?? ""
    // What the article shows, with this module's name in front of each type.
    #expect(
      entry.hasPrefix(
        "Action: ▿ EffectfulDocumentationTests.AppAction.counter\n"))
    #expect(
      entry.contains(
        "  ▿ counter: EffectfulDocumentationTests.CounterState\n    - count: 1\n"
      ))
    #expect(entry.hasSuffix("  - favorites: 0 elements\n---"))
  }
}

@MainActor
@Suite struct ComposingFeaturesLoggingChangesTests {
  /// The article's changes-only logging example, with a printer that collects what it prints.
  @Test func loggingChangesPrintsWhatChanged() {
    let lines = LockedLines()
    let store = Store(
      initialValue: AppState(),
      reducer: loggingChanges(
        appReducer(environment: AppEnvironment(counter: .offline)),
        printer: { lines.append($0) })
    )
    store.send(.counter(.incrementButtonTapped))
    store.send(.favorite(.saveFavoriteTapped))
    #expect(
      lines.all == [
        "Action: AppAction.counter(.incrementButtonTapped)\n  AppState.counter.count: 0 → 1",
        "Action: AppAction.favorite(.saveFavoriteTapped)\n"
          + "  AppState.favorites: 0 → 1 element (added [0]: 1)",
      ])
  }
}

/// The article's changes-only logging example: compiled, not run (it prints to standard output).
@MainActor
func loggingChangesExample() {
  let store = Store(
    initialValue: AppState(),
    reducer: loggingChanges(
      appReducer(environment: AppEnvironment(counter: .offline)))
  )
  store.send(.counter(.incrementButtonTapped))
  store.send(.favorite(.saveFavoriteTapped))
}

/// The article's logging example: compiled, not run (it prints to standard output); the test above
/// runs the same reducer with a printer that collects the lines.
@MainActor
func loggingExample() {
  let store = Store(
    initialValue: AppState(),
    reducer: logging(
      appReducer(environment: AppEnvironment(counter: .offline)))
  )
  store.send(.counter(.incrementButtonTapped))
}

/// Lines a `logging` printer collects; it may be called from any thread.
final class LockedLines: Sendable {
  private let lines = LockedBox<[String]>([])
  func append(_ line: String) { lines.withValue { $0.append(line) } }
  var all: [String] { lines.withValue { $0 } }
}

final class LockedBox<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func withValue<T>(_ body: (inout Value) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
