/// What the user can do in the prime modal, named for the gesture.
///
/// ```swift
/// store.send(.saveFavoritePrimeTapped)    // the count joins the favorites
/// store.send(.removeFavoritePrimeTapped)  // the count leaves them
/// ```
public enum PrimeModalAction: Equatable, Sendable {
  /// "Save to favorite primes" was tapped: add the count to the favorites, once.
  case saveFavoritePrimeTapped
  /// "Remove from favorite primes" was tapped: take the count out of the favorites.
  case removeFavoritePrimeTapped
}
