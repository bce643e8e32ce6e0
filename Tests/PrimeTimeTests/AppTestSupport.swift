import Effectful
import EffectfulCounter
import EffectfulFavoritePrimes
import EffectfulPrimeModal
import EffectfulPrimeTime

// Shorter spellings of the app's navigation for its tests: an action for the screen with `id`,
// and that screen's state, by its case.

extension AppAction {
  static func counter(_ id: StackElementID, _ action: CounterAction) -> AppAction {
    .path(.element(id: id, action: .counter(.counter(action))))
  }

  static func counterScreen(_ id: StackElementID, _ action: CounterViewAction) -> AppAction {
    .path(.element(id: id, action: .counter(action)))
  }

  static func primeModal(_ id: StackElementID, _ action: PrimeModalAction) -> AppAction {
    .path(.element(id: id, action: .counter(.primeModal(.presented(action)))))
  }

  static func favorites(_ id: StackElementID, _ action: FavoritePrimesAction) -> AppAction {
    .path(.element(id: id, action: .favorites(action)))
  }
}

extension AppState {
  subscript(counter id: StackElementID) -> CounterViewState? {
    get { path[id: id, case: AppScreen.counterCase] }
    set { path[id: id, case: AppScreen.counterCase] = newValue }
  }

  subscript(favorites id: StackElementID) -> FavoritePrimesState? {
    get { path[id: id, case: AppScreen.favoritesCase] }
    set { path[id: id, case: AppScreen.favoritesCase] = newValue }
  }
}
