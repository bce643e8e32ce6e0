import Effectful
import EffectfulCounter
import EffectfulFavoritePrimes

/// The whole PrimeTime app: the count and the favorite primes it shares between its screens, the
/// screens pushed on its navigation stack, and the activity feed.
///
/// ```swift
/// var state = AppState(count: 7, favoritePrimes: [2, 3])
/// state.path.append(.counter(state.newCounterScreen()))
/// state.counterScreen?.count   // 7
/// ```
///
/// The root is the episode's list ("Counter demo", "Favorite primes"); each screen is pushed on
/// ``path`` with a state of its own, and its effects end when it leaves the stack. The count and
/// the favorites are kept here, once, because they outlive any screen (the count is still 7
/// when the counter screen is pushed again) and two screens show them. Each screen holds a copy:
/// the app takes the copy of the screen the user acted on after each of its actions, and hands
/// the result to every screen (``appReducer(environment:logging:)``), so the favorites edited in
/// the is-prime screen show up on the favorites screen. Copies, rather than screens reading
/// through to the app's state, keep each screen's feature the same one its own tests run alone.
public struct AppState: Equatable, Sendable {
  /// The number on the counter screen, kept while the screen is not shown.
  public var count: Int
  /// The user's favorite primes, in the order they were added.
  public var favoritePrimes: [Int]
  /// Favorite primes added and removed, oldest first.
  public var activityFeed: [Activity]
  /// The screens pushed over the root, bottom first; the last is on top.
  public var path: StackState<AppScreen>

  /// Creates the app's state; by default the count is 0, there are no favorites, and the root
  /// is shown.
  ///
  /// ```swift
  /// AppState()
  /// AppState(count: 3, favoritePrimes: [2, 3])
  /// ```
  public init(
    count: Int = 0, favoritePrimes: [Int] = [], activityFeed: [Activity] = [],
    path: StackState<AppScreen> = StackState()
  ) {
    self.count = count
    self.favoritePrimes = favoritePrimes
    self.activityFeed = activityFeed
    self.path = path
  }

  /// A counter screen showing the app's count and favorites, as a push starts it.
  public func newCounterScreen() -> CounterViewState {
    CounterViewState(counter: CounterState(count: count), favoritePrimes: favoritePrimes)
  }

  /// A favorites screen showing the app's favorites, as a push starts it.
  public func newFavoritesScreen() -> FavoritePrimesState {
    FavoritePrimesState(favoritePrimes: favoritePrimes)
  }

  /// The topmost counter screen on the stack, if one is pushed.
  ///
  /// ```swift
  /// // a search running?
  /// state.counterScreen?.counter.isNthPrimeButtonDisabled
  /// ```
  public var counterScreen: CounterViewState? {
    for screen in path.reversed() {
      if case .counter(let counter) = screen { return counter }
    }
    return nil
  }

  /// The topmost favorites screen on the stack, if one is pushed.
  public var favoritesScreen: FavoritePrimesState? {
    for screen in path.reversed() {
      if case .favorites(let favorites) = screen { return favorites }
    }
    return nil
  }
}
