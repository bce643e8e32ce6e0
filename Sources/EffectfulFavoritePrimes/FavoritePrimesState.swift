/// The favorite primes screen: the list, and how its last save or load went.
///
/// ```swift
/// var state = FavoritePrimesState(favoritePrimes: [2, 3, 5])
/// state.isSaving       // false
/// state.errorMessage   // nil
/// ```
public struct FavoritePrimesState: Equatable, Sendable {
  /// The user's favorite primes, in the order they were added.
  public var favoritePrimes: [Int]
  /// Whether a save is in progress.
  public var isSaving: Bool
  /// Whether a load is in progress.
  public var isLoading: Bool
  /// What the last save or load did, when it worked: "Saved 3 favorite primes.", "No saved
  /// favorite primes." Cleared when the list changes, which it no longer describes.
  public var statusMessage: String?
  /// Why the last save or load failed, for the user; the list is unchanged when it did.
  public var errorMessage: String?

  /// Creates the screen's state; nothing is in progress.
  ///
  /// ```swift
  /// FavoritePrimesState()                       // no favorites
  /// FavoritePrimesState(favoritePrimes: [7])
  /// ```
  public init(
    favoritePrimes: [Int] = [],
    isSaving: Bool = false,
    isLoading: Bool = false,
    statusMessage: String? = nil,
    errorMessage: String? = nil
  ) {
    self.favoritePrimes = favoritePrimes
    self.isSaving = isSaving
    self.isLoading = isLoading
    self.statusMessage = statusMessage
    self.errorMessage = errorMessage
  }
}
