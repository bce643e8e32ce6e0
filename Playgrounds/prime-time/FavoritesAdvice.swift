import Effectful
import EffectfulFavoritePrimes
import EffectfulPrimeTime

/// Wraps the app's reducer so that a favorites error also says how to fix it with this app's
/// options: the feature says what is wrong, and only the app knows `--favorites PATH`.
///
/// ```swift
/// let reducer = withFavoritesAdvice(appReducer(environment: environment))
/// // save into a named pipe: "… is a named pipe, not a regular file: it was neither read nor
/// //   replaced. Choose a regular file with --favorites PATH."
/// ```
func withFavoritesAdvice(_ reducer: @escaping Reducer<AppState, AppAction>) -> Reducer<AppState, AppAction> {
  { state, action in
    let effects = reducer(&state, action)
    switch action {
    case .path(.element(let id, .favorites(.favoritePrimesSaved(.failure(let error))))),
      .path(.element(let id, .favorites(.favoritePrimesLoaded(.failure(let error))))):
      if case .favorites(var favorites) = state.path[id: id], let message = favorites.errorMessage,
        let advice = advice(for: error)
      {
        favorites.errorMessage = message + " " + advice
        state.path[id: id] = .favorites(favorites)
      }
    default:
      break
    }
    return effects
  }
}

/// What the app's options can do about `error`, when they can.
func advice(for error: PersistenceError) -> String? {
  switch error {
  case .notARegularFile, .isDirectory, .tooLarge:
    return "Choose a regular file with --favorites PATH."
  case .cannotCreateDirectory:
    return "Or keep them elsewhere: --favorites PATH, or XDG_DATA_HOME for the default place."
  case .corrupt, .unreadable, .invalidEntries, .noSavedFile, .cannotWrite:
    return nil
  }
}
