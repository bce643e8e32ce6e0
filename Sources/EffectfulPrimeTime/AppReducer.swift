import Effectful
import EffectfulCounter
import EffectfulFavoritePrimes
import Foundation

/// Builds the PrimeTime app's logic: the root pushes the counter and favorites screens, each
/// screen runs its feature on the stack (`forEach`), the screens share the count and the
/// favorites, and the activity feed records edits; logging when asked for.
///
/// ```swift
/// let store = Store(
///   initialValue: AppState(),
///   reducer: appReducer(environment: .offline))
/// store.send(.counterButtonTapped)
/// let logged = appReducer(environment: .offline, logging: { print($0) })
/// ```
///
/// A screen that leaves the stack, however it left, takes its effects with it: an nth-prime
/// search, a fact, the timer, a save or a load in flight stop when their screen is popped.
///
/// - Parameters:
///   - environment: Where answers come from and favorites are kept, and the feed's clock.
///   - printer: When given, every action and the state after it are handed to it, after the
///     reducer has run (see `logging(_:printer:)`); `nil`, the default, logs nothing.
public func appReducer(
  environment: AppEnvironment,
  logging printer: (@Sendable (String) -> Void)? = nil
) -> Reducer<AppState, AppAction> {
  let screens = forEach(
    root, value: \.path, action: AppAction.pathCase,
    destination: appScreenReducer(environment: environment))
  let app = activityFeed(
    favoritesStatusEndsWithAnEdit(sharingCountAndFavorites(screens)), now: environment.now)
  guard let printer else { return app }
  return logging(app, printer: printer)
}

/// The root's own logic: its rows push screens that start from the app's count and favorites.
private let root: Reducer<AppState, AppAction> = { state, action in
  switch action {
  case .counterButtonTapped:
    state.path.append(.counter(state.newCounterScreen()))
  case .favoritePrimesButtonTapped:
    state.path.append(.favorites(state.newFavoritesScreen()))
  case .path:
    break
  }
  return []
}

/// Keeps the screens' copies of the count and the favorites one value: after a screen's action,
/// what that screen holds is the app's; after every action, every screen is handed the app's.
func sharingCountAndFavorites(
  _ reducer: @escaping Reducer<AppState, AppAction>
) -> Reducer<AppState, AppAction> {
  { state, action in
    let effects = reducer(&state, action)
    if case .path(.element(let id, _)) = action, let screen = state.path[id: id] {
      switch screen {
      case .counter(let counter):
        state.count = counter.count
        state.favoritePrimes = counter.favoritePrimes
      case .favorites(let favorites):
        state.favoritePrimes = favorites.favoritePrimes
      }
    }
    for index in state.path.indices {
      state.path[index].share(count: state.count, favoritePrimes: state.favoritePrimes)
    }
    return effects
  }
}

extension AppScreen {
  /// Hands the screen the app's count and favorites, writing only what differs.
  fileprivate mutating func share(count: Int, favoritePrimes: [Int]) {
    switch self {
    case .counter(var counter):
      guard counter.count != count || counter.favoritePrimes != favoritePrimes else { return }
      counter.count = count
      counter.favoritePrimes = favoritePrimes
      self = .counter(counter)
    case .favorites(var favorites):
      guard favorites.favoritePrimes != favoritePrimes else { return }
      favorites.favoritePrimes = favoritePrimes
      self = .favorites(favorites)
    }
  }
}
