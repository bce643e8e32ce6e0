import EffectfulCounter
import EffectfulFavoritePrimes
import EffectfulPrimeModal

/// The whole PrimeTime app: the counter screen, the favorite primes screen, and the activity feed.
///
/// ```swift
/// var state = AppState(counter: CounterState(count: 7))
/// state.count            // 7
/// state.favoritePrimes   // []
/// state.counterView      // what the counter screen and its modal see
/// ```
///
/// Each value is stored once: the count lives in ``counter``, the favorites in ``favorites``.
/// ``count``, ``favoritePrimes`` and ``counterView`` read and write through to them, which is how
/// the counter screen and the favorites screen share one list.
public struct AppState: Equatable, Sendable {
  /// The counter screen's own state, count included.
  public var counter: CounterState
  /// The favorite primes screen's state, the list included.
  public var favorites: FavoritePrimesState
  /// Favorite primes added and removed, oldest first.
  public var activityFeed: [Activity]

  /// Creates the app's state; by default the count is 0 and there are no favorites.
  ///
  /// ```swift
  /// AppState()
  /// AppState(
  ///   counter: CounterState(count: 3),
  ///   favorites: FavoritePrimesState(favoritePrimes: [2, 3]))
  /// ```
  public init(
    counter: CounterState = CounterState(),
    favorites: FavoritePrimesState = FavoritePrimesState(),
    activityFeed: [Activity] = []
  ) {
    self.counter = counter
    self.favorites = favorites
    self.activityFeed = activityFeed
  }

  /// The number on the counter screen.
  public var count: Int {
    get { counter.count }
    set { counter.count = newValue }
  }

  /// The user's favorite primes.
  public var favoritePrimes: [Int] {
    get { favorites.favoritePrimes }
    set { favorites.favoritePrimes = newValue }
  }

  /// The counter screen's slice: the counter and the favorites its prime modal edits.
  public var counterView: CounterViewState {
    get { CounterViewState(counter: counter, favoritePrimes: favorites.favoritePrimes) }
    set {
      counter = newValue.counter
      favorites.favoritePrimes = newValue.favoritePrimes
    }
  }
}
