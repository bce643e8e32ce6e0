import Effectful

/// Wraps the app's reducer so that the favorites' status ("Saved 2 favorite primes.") ends when
/// the user edits the list it describes, from either screen.
///
/// ```swift
/// let reducer = favoritesStatusEndsWithAnEdit(features)
/// // statusMessage "Saved 2 favorite primes.", then
/// // the is-prime screen's save adds a third:
/// // statusMessage == nil
/// ```
///
/// The favorite primes screen clears it on its own deletes; the is-prime screen, which edits the
/// same list from the counter screen, cannot see the status, so the app clears it on every
/// favorites screen on the stack. A save or a load, which sets the status, is not an edit.
public func favoritesStatusEndsWithAnEdit(
  _ reducer: @escaping Reducer<AppState, AppAction>
) -> Reducer<AppState, AppAction> {
  { state, action in
    let before = state.favoritePrimes
    let effects = reducer(&state, action)
    if action.isFavoritesEdit, state.favoritePrimes != before {
      for index in state.path.indices {
        guard case .favorites(var favorites) = state.path[index], favorites.statusMessage != nil
        else { continue }
        favorites.statusMessage = nil
        state.path[index] = .favorites(favorites)
      }
    }
    return effects
  }
}
