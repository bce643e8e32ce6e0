import Effectful
import EffectfulCounter
import EffectfulFavoritePrimes

/// A screen pushed on the PrimeTime app's navigation stack: the counter or the favorite primes.
///
/// ```swift
/// state.path.append(
///   .counter(CounterViewState(counter: CounterState(count: 3))))
/// state.path.append(.favorites(FavoritePrimesState(favoritePrimes: [2, 3])))
/// ```
///
/// Each keeps its own state while it is on the stack; the count and the favorites they show are
/// the app's (see ``AppState``). A screen that leaves the stack takes its effects with it.
public enum AppScreen: Equatable, Sendable {
  /// The counter screen, with the is-prime screen it may present.
  case counter(CounterViewState)
  /// The favorite primes screen.
  case favorites(FavoritePrimesState)

  /// Picks the counter screen's state out of a screen, for `Scope`.
  public static let counterCase = CasePath(AppScreen.counter) { screen in
    guard case .counter(let state) = screen else { return nil }
    return state
  }

  /// Picks the favorites screen's state out of a screen, for `Scope`.
  public static let favoritesCase = CasePath(AppScreen.favorites) { screen in
    guard case .favorites(let state) = screen else { return nil }
    return state
  }
}

/// What happens on a screen of the app's navigation stack.
///
/// ```swift
/// store.send(.path(.element(
///   id: 0, action: .counter(.counter(.incrementButtonTapped)))))
/// store.send(.path(.element(id: 1, action: .favorites(.saveButtonTapped))))
/// ```
public enum AppScreenAction: Equatable, Sendable {
  /// Something happened on the counter screen or the is-prime screen it presents.
  case counter(CounterViewAction)
  /// Something happened on the favorite primes screen.
  case favorites(FavoritePrimesAction)

  /// Picks the counter screen's actions out of a screen's, for `Scope`.
  public static let counterCase = CasePath(AppScreenAction.counter) { action in
    guard case .counter(let counterAction) = action else { return nil }
    return counterAction
  }

  /// Picks the favorites screen's actions out of a screen's, for `Scope`.
  public static let favoritesCase = CasePath(AppScreenAction.favorites) { action in
    guard case .favorites(let favoritesAction) = action else { return nil }
    return favoritesAction
  }
}

/// Builds the logic of a screen on the stack: each case runs its feature.
///
/// ```swift
/// let reducer = forEach(
///   root, value: \.path, action: AppAction.pathCase,
///   destination: appScreenReducer(environment: environment))
/// ```
public func appScreenReducer(environment: AppEnvironment) -> Reducer<AppScreen, AppScreenAction> {
  // Scope over a case lifts the presented is-prime screen's effects through the case, so that
  // they are still cancelled when it is dismissed.
  combine(
    Scope(state: AppScreen.counterCase, action: AppScreenAction.counterCase) {
      Reduce(counterViewReducer(environment: environment.counter))
    }.reducer,
    Scope(state: AppScreen.favoritesCase, action: AppScreenAction.favoritesCase) {
      Reduce(favoritePrimesReducer(environment: environment.favoritePrimes))
    }.reducer)
}
