/// What the prime modal shows and changes: the current count and the list of favorite primes.
///
/// ```swift
/// var state = PrimeModalState(count: 7, favoritePrimes: [2, 3])
/// state.isFavorite  // false: the modal offers "Save to favorite primes"
/// ```
///
/// The app owns both values; it hands the modal this slice of its state with `pullback`. Whether the
/// count is prime is for the view to ask (`isPrime(_:)` in the Primes module): the modal offers
/// save or remove only for a prime count.
public struct PrimeModalState: Equatable, Sendable {
  /// The number the modal is about.
  public var count: Int
  /// The user's favorite primes, in the order they were saved.
  public var favoritePrimes: [Int]

  /// Creates the modal's state from the app's count and favorites.
  ///
  /// ```swift
  /// PrimeModalState(count: 5, favoritePrimes: [])
  /// ```
  public init(count: Int, favoritePrimes: [Int]) {
    self.count = count
    self.favoritePrimes = favoritePrimes
  }

  /// Whether the count is among the favorite primes: the modal then offers to remove it.
  ///
  /// ```swift
  /// PrimeModalState(count: 3, favoritePrimes: [2, 3]).isFavorite  // true
  /// ```
  public var isFavorite: Bool {
    favoritePrimes.contains(count)
  }
}
