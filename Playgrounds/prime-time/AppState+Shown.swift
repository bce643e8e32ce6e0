import Effectful
import EffectfulCounter
import EffectfulFavoritePrimes
import EffectfulPrimeTime

extension AppState {
  /// The counter as the app shows it: the topmost counter screen's, or, with none pushed, an
  /// idle counter at the app's count (no search, no fact, no timer: they went with their screen).
  var counter: CounterState {
    counterScreen?.counter ?? CounterState(count: count)
  }

  /// The favorites as the app shows them: the topmost favorites screen's, or, with none pushed,
  /// the app's list with nothing in progress and nothing to say.
  var favorites: FavoritePrimesState {
    favoritesScreen ?? newFavoritesScreen()
  }

  /// The screen on top: nil for the root list.
  var top: AppScreen? { path.last }

  /// The id of the topmost screen in `kind`'s case, if one is pushed.
  func id(of kind: AppScreen.Kind) -> StackElementID? {
    path.indices.last { path[$0].kind == kind }.map { path.ids[$0] }
  }
}

extension AppScreen {
  /// Which screen this is, without its state.
  enum Kind: Equatable {
    case counter, favorites
  }

  var kind: Kind {
    switch self {
    case .counter: return .counter
    case .favorites: return .favorites
    }
  }
}
