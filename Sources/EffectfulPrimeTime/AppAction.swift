import EffectfulCounter
import Effectful
import EffectfulFavoritePrimes

/// Everything that can happen in the PrimeTime app, by screen.
///
/// ```swift
/// store.send(.counterView(.counter(.incrementButtonTapped)))
/// store.send(.counterView(.primeModal(.saveFavoritePrimeTapped)))
/// store.send(.favoritePrimes(.deleteFavoritePrimes([0])))
/// ```
public enum AppAction: Equatable, Sendable {
  /// Something happened on the counter screen or its prime modal.
  case counterView(CounterViewAction)
  /// Something happened on the favorite primes screen.
  case favoritePrimes(FavoritePrimesAction)

  /// Picks counter screen actions out of app actions, for `pullback`.
  public static let counterViewCase = CasePath(AppAction.counterView) { action in
    guard case .counterView(let counterViewAction) = action else { return nil }
    return counterViewAction
  }

  /// Picks favorite primes actions out of app actions, for `pullback`.
  public static let favoritePrimesCase = CasePath(AppAction.favoritePrimes) { action in
    guard case .favoritePrimes(let favoritePrimesAction) = action else { return nil }
    return favoritePrimesAction
  }
}
