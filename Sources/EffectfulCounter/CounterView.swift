import Effectful
import EffectfulPrimeModal

/// The counter screen's state: the counter's own state, the favorite primes, and the is-prime
/// screen when it is presented.
///
/// ```swift
/// var state = CounterViewState(
///   counter: CounterState(count: 7),
///   favoritePrimes: [2, 3])
/// state.primeModal   // nil until "Is this prime?" is tapped
/// ```
///
/// The app owns the favorites and hands this screen a copy; ``primeModal`` is a presented
/// destination with a copy of its own, about the count it was opened for. Its edits come back
/// to ``favoritePrimes`` after each of its actions, and a list written to ``favoritePrimes``
/// (by the app, from another screen) is handed on to it: both copies always hold one list.
public struct CounterViewState: Equatable, Sendable {
  /// The counter's state, count included.
  public var counter: CounterState
  /// The user's favorite primes; setting it updates the presented is-prime screen's copy.
  public var favoritePrimes: [Int] {
    didSet {
      let list = favoritePrimes
      primeModal?.favoritePrimes = list
    }
  }
  /// The is-prime screen ("Save to favorite primes"), presented over the counter; `nil` when
  /// it is not shown. Dismissing it cancels whatever it started.
  @PresentationState public var primeModal: PrimeModalState?

  /// Creates the screen's state.
  ///
  /// ```swift
  /// // count 0, no favorites, nothing presented
  /// CounterViewState()
  /// CounterViewState(counter: CounterState(count: 5), favoritePrimes: [5])
  /// ```
  public init(
    counter: CounterState = CounterState(), favoritePrimes: [Int] = [],
    primeModal: PrimeModalState? = nil
  ) {
    self.counter = counter
    self.favoritePrimes = favoritePrimes
    self.primeModal = primeModal
  }

  /// The number on screen; the same as `counter.count`.
  public var count: Int {
    get { counter.count }
    set { counter.count = newValue }
  }
}

/// What happens on the counter screen: the counter's actions, and the is-prime screen's.
///
/// ```swift
/// store.send(.counter(.incrementButtonTapped))
/// store.send(.isPrimeButtonTapped)
/// store.send(.primeModal(.presented(.saveFavoritePrimeTapped)))
/// store.send(.primeModal(.dismiss))
/// ```
public enum CounterViewAction: Equatable, Sendable {
  /// Something happened in the counter.
  case counter(CounterAction)
  /// "Is this prime?" was tapped: present the is-prime screen for the count.
  case isPrimeButtonTapped
  /// Something happened in the presented is-prime screen, or it was dismissed.
  case primeModal(PresentationAction<PrimeModalAction>)

  /// Picks counter actions out of screen actions, for `pullback`.
  public static let counterCase = CasePath(CounterViewAction.counter) { action in
    guard case .counter(let counterAction) = action else { return nil }
    return counterAction
  }

  /// Picks the is-prime screen's actions out of screen actions, for `ifLet`.
  public static let primeModalCase = CasePath(CounterViewAction.primeModal) { action in
    guard case .primeModal(let primeModalAction) = action else { return nil }
    return primeModalAction
  }
}

/// Builds the counter screen's logic: ``counterReducer(environment:)`` on the counter, and
/// `primeModalReducer` on the is-prime screen it presents (`ifLet`).
///
/// ```swift
/// let store = Store(
///   initialValue: CounterViewState(counter: CounterState(count: 2)),
///   reducer: counterViewReducer(environment: .offline))
/// store.send(.isPrimeButtonTapped)   // primeModal: 2, not a favorite
/// store.send(.primeModal(.presented(.saveFavoritePrimeTapped)))
/// // favoritePrimes == [2]
/// ```
///
/// - "Is this prime?" presents the screen whatever the count: it says whether the count is
///   prime, and offers save or remove only for a prime (the view's business).
/// - The is-prime screen is about the count it was opened for, even while the timer counts on
///   beneath it, as a presented screen shows what it was presented with.
public func counterViewReducer(environment: CounterEnvironment)
  -> Reducer<CounterViewState, CounterViewAction>
{
  let screen = combine(
    pullback(
      counterReducer(environment: environment),
      value: \CounterViewState.counter,
      action: CounterViewAction.counterCase),
    counterViewNavigation)
  return ifLet(
    screen, value: \.$primeModal, action: CounterViewAction.primeModalCase,
    destination: primeModalReducer)
}

/// Presents the is-prime screen, and takes its edits of the favorites back into the screen's
/// list (it runs after the presented screen on its actions).
private let counterViewNavigation: Reducer<CounterViewState, CounterViewAction> = { state, action in
  switch action {
  case .isPrimeButtonTapped:
    state.primeModal = PrimeModalState(count: state.count, favoritePrimes: state.favoritePrimes)
  case .primeModal(.presented):
    if let modal = state.primeModal { state.favoritePrimes = modal.favoritePrimes }
  case .counter, .primeModal(.dismiss):
    break
  }
  return []
}
