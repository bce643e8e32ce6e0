import Effectful
import EffectfulPrimeModal

/// The counter screen's state: the counter's own state plus the favorite primes its prime modal
/// edits.
///
/// ```swift
/// var state = CounterViewState(
///   counter: CounterState(count: 7),
///   favoritePrimes: [2, 3])
/// state.primeModal   // PrimeModalState(count: 7, favoritePrimes: [2, 3])
/// ```
///
/// The app owns the favorites and hands them to this screen with `pullback`; ``primeModal`` is the
/// slice the prime modal sees, sharing the same count.
public struct CounterViewState: Equatable, Sendable {
  /// The counter's state, count included.
  public var counter: CounterState
  /// The user's favorite primes.
  public var favoritePrimes: [Int]

  /// Creates the screen's state.
  ///
  /// ```swift
  /// // count 0, no favorites
  /// CounterViewState()
  /// CounterViewState(counter: CounterState(count: 5), favoritePrimes: [5])
  /// ```
  public init(counter: CounterState = CounterState(), favoritePrimes: [Int] = []) {
    self.counter = counter
    self.favoritePrimes = favoritePrimes
  }

  /// The number on screen; the same as `counter.count`.
  public var count: Int {
    get { counter.count }
    set { counter.count = newValue }
  }

  /// The prime modal's slice: the count and the favorites. Setting it writes both back.
  public var primeModal: PrimeModalState {
    get { PrimeModalState(count: counter.count, favoritePrimes: favoritePrimes) }
    set {
      counter.count = newValue.count
      favoritePrimes = newValue.favoritePrimes
    }
  }
}

/// What happens on the counter screen: the counter's actions and the prime modal's.
///
/// ```swift
/// store.send(.counter(.incrementButtonTapped))
/// store.send(.primeModal(.saveFavoritePrimeTapped))
/// ```
public enum CounterViewAction: Equatable, Sendable {
  /// Something happened in the counter.
  case counter(CounterAction)
  /// Something happened in the prime modal.
  case primeModal(PrimeModalAction)

  /// Picks counter actions out of screen actions, for `pullback`.
  public static let counterCase = CasePath(CounterViewAction.counter) { action in
    guard case .counter(let counterAction) = action else { return nil }
    return counterAction
  }

  /// Picks prime modal actions out of screen actions, for `pullback`.
  public static let primeModalCase = CasePath(CounterViewAction.primeModal) { action in
    guard case .primeModal(let primeModalAction) = action else { return nil }
    return primeModalAction
  }
}

/// Builds the counter screen's logic: ``counterReducer(environment:)`` and `primeModalReducer`,
/// each pulled back to its slice of the screen, combined.
///
/// ```swift
/// let store = Store(
///   initialValue: CounterViewState(),
///   reducer: counterViewReducer(environment: .offline))
/// store.send(.counter(.incrementButtonTapped))
/// store.send(.counter(.incrementButtonTapped))
/// // favoritePrimes == [2]
/// store.send(.primeModal(.saveFavoritePrimeTapped))
/// ```
public func counterViewReducer(environment: CounterEnvironment)
  -> Reducer<CounterViewState, CounterViewAction>
{
  combine(
    pullback(
      counterReducer(environment: environment),
      value: \CounterViewState.counter,
      action: CounterViewAction.counterCase),
    pullback(
      primeModalReducer,
      value: \CounterViewState.primeModal,
      action: CounterViewAction.primeModalCase)
  )
}
