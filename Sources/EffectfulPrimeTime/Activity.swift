import Foundation

/// One entry of the activity feed: a favorite prime added or removed, and when.
///
/// ```swift
/// let activity = Activity(timestamp: Date(), type: .addedFavoritePrime(7))
/// activity.description   // "Added 7 to the favorite primes"
/// ```
public struct Activity: Equatable, Sendable, CustomStringConvertible {
  /// When it happened, by the app environment's clock.
  public var timestamp: Date
  /// What happened.
  public var type: ActivityType

  /// What can happen to the favorite primes.
  public enum ActivityType: Equatable, Sendable {
    /// The prime was saved as a favorite.
    case addedFavoritePrime(Int)
    /// The prime was removed from the favorites, from the prime modal or by deleting its row.
    case removedFavoritePrime(Int)
  }

  /// Creates an entry.
  ///
  /// ```swift
  /// Activity(timestamp: environment.now(), type: .removedFavoritePrime(3))
  /// ```
  public init(timestamp: Date, type: ActivityType) {
    self.timestamp = timestamp
    self.type = type
  }

  /// A sentence about the entry, without its time: "Removed 3 from the favorite primes".
  public var description: String {
    switch type {
    case .addedFavoritePrime(let prime): return "Added \(prime) to the favorite primes"
    case .removedFavoritePrime(let prime): return "Removed \(prime) from the favorite primes"
    }
  }
}
