import Effectful
import EffectfulCounter
import EffectfulFavoritePrimes
import EffectfulPrimeTime

// The app's screens, as these tests drive them: a store with one screen pushed, and actions for
// the topmost screen of a kind, as the terminal sends them.

extension AppState {
  /// The topmost favorites screen's state; setting it replaces that screen's.
  var favorites: FavoritePrimesState {
    get { favoritesScreen ?? newFavoritesScreen() }
    set {
      guard let index = path.indices.last(where: { path[$0].isFavorites }) else { return }
      path[index] = .favorites(newValue)
    }
  }

  /// The topmost counter screen's counter.
  var counter: CounterState {
    counterScreen?.counter ?? CounterState(count: count)
  }
}

extension AppScreen {
  fileprivate var isFavorites: Bool {
    if case .favorites = self { return true }
    return false
  }
}

extension Store where Value == AppState, Action == AppAction {
  /// Sends `action` to the topmost screen, which the test pushed as a favorites screen.
  func sendToFavorites(_ action: FavoritePrimesAction) {
    send(.path(.element(id: value.path.ids[value.path.count - 1], action: .favorites(action))))
  }

  /// Sends `action` to the topmost screen, which the test pushed as a counter screen.
  func sendToCounterScreen(_ action: CounterViewAction) {
    send(.path(.element(id: value.path.ids[value.path.count - 1], action: .counter(action))))
  }
}
