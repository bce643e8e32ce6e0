import Foundation

/// What happens on the favorite primes screen: the user's gestures and the answers from disk.
///
/// ```swift
/// store.send(.deleteFavoritePrimes([0]))   // swipe to delete the first row
/// // then .favoritePrimesSaved(.success([3, 5]))
/// store.send(.saveButtonTapped)
/// ```
public enum FavoritePrimesAction: Equatable, Sendable {
  /// Rows were deleted: remove the favorites at these offsets in the list.
  case deleteFavoritePrimes(IndexSet)
  /// "Save" was tapped: write the list to disk.
  case saveButtonTapped
  /// The save finished: the list that was written, or why it was not.
  case favoritePrimesSaved(Result<[Int], PersistenceError>)
  /// "Load" was tapped: read the list from disk.
  case loadButtonTapped
  /// The load finished: the saved list, or why there is none (``PersistenceError/noSavedFile(path:)``
  /// when nothing was saved yet).
  case favoritePrimesLoaded(Result<[Int], PersistenceError>)
  /// The error message was dismissed.
  case errorDismissButtonTapped
}
