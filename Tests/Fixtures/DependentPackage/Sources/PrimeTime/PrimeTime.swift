import Counter
import Effectful
import FavoritePrimes
import PrimeModal
import Tutorial

public struct AppState: Equatable, Sendable {
  public var counter = CounterState()
  public var favoritePrimes: [Int] = []
  public var tutorial = TutorialState()
  public init() {}

  var primeModal: PrimeModalState {
    get { PrimeModalState(count: counter.count, favoritePrimes: favoritePrimes) }
    set {
      counter.count = newValue.count
      favoritePrimes = newValue.favoritePrimes
    }
  }
}

public enum AppAction: Equatable, Sendable {
  case counter(CounterAction)
  case primeModal(PrimeModalAction)
  case favoritePrimes(FavoritePrimesAction)

  var counter: CounterAction? {
    get { if case .counter(let action) = self { action } else { nil } }
    set { if let newValue { self = .counter(newValue) } }
  }
  var primeModal: PrimeModalAction? {
    get { if case .primeModal(let action) = self { action } else { nil } }
    set { if let newValue { self = .primeModal(newValue) } }
  }
  var favoritePrimes: FavoritePrimesAction? {
    get { if case .favoritePrimes(let action) = self { action } else { nil } }
    set { if let newValue { self = .favoritePrimes(newValue) } }
  }
}

public let appReducer: Reducer<AppState, AppAction> = combine(
  pullback(counterReducer, value: \AppState.counter, action: \AppAction.counter),
  pullback(primeModalReducer, value: \AppState.primeModal, action: \AppAction.primeModal),
  pullback(favoritePrimesReducer, value: \AppState.favoritePrimes, action: \AppAction.favoritePrimes)
)
