import Effectful

/// The prime modal's logic: save the count to, or remove it from, the favorite primes.
///
/// ```swift
/// let store = Store(
///   initialValue: PrimeModalState(count: 7, favoritePrimes: []),
///   reducer: primeModalReducer)
/// store.send(.saveFavoritePrimeTapped)    // favoritePrimes == [7]
/// store.send(.removeFavoritePrimeTapped)  // favoritePrimes == []
/// ```
///
/// - Saving a count that is already a favorite changes nothing, so the list never holds duplicates
///   (a double tap, or a save from two screens, is harmless).
/// - Removing a count that is not a favorite changes nothing.
/// - It has no effects and does not check primality: the view offers these gestures only for a
///   prime count.
public let primeModalReducer: Reducer<PrimeModalState, PrimeModalAction> = { state, action in
  switch action {
  case .saveFavoritePrimeTapped:
    if !state.isFavorite {
      state.favoritePrimes.append(state.count)
    }
    return []

  case .removeFavoritePrimeTapped:
    let count = state.count
    state.favoritePrimes.removeAll { $0 == count }
    return []
  }
}
