import Effectful

/// Wraps the app's reducer so that the favorites' status ("Saved 2 favorite primes.") ends when
/// the user edits the list it describes, from either screen.
///
/// ```swift
/// let reducer = favoritesStatusEndsWithAnEdit(features)
/// // statusMessage "Saved 2 favorite primes.", then
/// // .counterView(.primeModal(.saveFavoritePrimeTapped)) adds a third:
/// // statusMessage == nil
/// ```
///
/// The favorite primes screen clears it on its own deletes; the prime modal, which edits the
/// same list from the counter screen, cannot see the status, so the app clears it here. A save
/// or a load, which sets the status, is not an edit.
public func favoritesStatusEndsWithAnEdit(
  _ reducer: @escaping Reducer<AppState, AppAction>
) -> Reducer<AppState, AppAction> {
  { state, action in
    let before = state.favoritePrimes
    let effects = reducer(&state, action)
    if action.isFavoritesEdit, state.favoritePrimes != before {
      state.favorites.statusMessage = nil
    }
    return effects
  }
}
