import Effectful
import Foundation

/// Builds the favorite primes screen's logic on its environment: delete, save and load.
///
/// ```swift
/// let store = Store(
///   initialValue: FavoritePrimesState(favoritePrimes: [2, 3, 5]),
///   reducer: favoritePrimesReducer(environment: .offline))
/// store.send(.deleteFavoritePrimes([1]))   // [2, 5]
/// // statusMessage: "Saved 2 favorite primes."
/// store.send(.saveButtonTapped)
/// ```
///
/// - Offsets past the end of the list are ignored, so a stale delete cannot crash.
/// - ``FavoritePrimesState/statusMessage`` describes the list as it was saved or loaded: a delete
///   that changes the list clears it.
/// - A load replaces the list with what was saved. Nothing saved yet changes nothing: the list stays
///   and a status message says so.
/// - A failed save or load sets ``FavoritePrimesState/errorMessage`` and leaves the list as it was:
///   nothing in memory is lost.
/// - `isSaving` and `isLoading` are cleared by every answer, success or failure.
public func favoritePrimesReducer(environment: FavoritePrimesEnvironment)
  -> Reducer<FavoritePrimesState, FavoritePrimesAction>
{
  { state, action in
    switch action {
    case .deleteFavoritePrimes(let offsets):
      let before = state.favoritePrimes.count
      for offset in offsets.reversed() where state.favoritePrimes.indices.contains(offset) {
        state.favoritePrimes.remove(at: offset)
      }
      // "Saved 5 favorite primes." no longer describes the list on screen.
      if state.favoritePrimes.count != before { state.statusMessage = nil }
      return []

    case .saveButtonTapped:
      state.isSaving = true
      state.statusMessage = nil
      state.errorMessage = nil
      return [environment.save(state.favoritePrimes).map(FavoritePrimesAction.favoritePrimesSaved)]

    case .favoritePrimesSaved(.success(let saved)):
      state.isSaving = false
      state.statusMessage = "Saved \(favoritePrimesCount(saved.count))."
      return []

    case .favoritePrimesSaved(.failure(let error)):
      state.isSaving = false
      state.errorMessage = error.message
      return []

    case .loadButtonTapped:
      state.isLoading = true
      state.statusMessage = nil
      state.errorMessage = nil
      return [environment.load().map(FavoritePrimesAction.favoritePrimesLoaded)]

    case .favoritePrimesLoaded(.success(let loaded)):
      state.isLoading = false
      state.favoritePrimes = loaded
      state.statusMessage = "Loaded \(favoritePrimesCount(loaded.count))."
      return []

    case .favoritePrimesLoaded(.failure(let error)) where error.isNoSavedFile:
      state.isLoading = false
      state.statusMessage = error.message
      return []

    case .favoritePrimesLoaded(.failure(let error)):
      state.isLoading = false
      state.errorMessage = error.message
      return []

    case .errorDismissButtonTapped:
      state.errorMessage = nil
      return []
    }
  }
}

/// "no favorite primes", "1 favorite prime", "3 favorite primes".
private func favoritePrimesCount(_ count: Int) -> String {
  switch count {
  case 0: return "no favorite primes"
  case 1: return "1 favorite prime"
  default: return "\(count) favorite primes"
  }
}

extension PersistenceError {
  /// Whether this only says that nothing was saved yet: news, not a failure.
  fileprivate var isNoSavedFile: Bool {
    if case .noSavedFile = self { return true }
    return false
  }
}
