import EffectfulPrimes

/// The answer to "what is the nth prime?", shown as an alert: "The 3rd prime is 5".
///
/// ```swift
/// let alert = PrimeAlert(n: 3, prime: 5)
/// alert.message  // "The 3rd prime is 5"
/// ```
///
/// It keeps the `n` that was asked, so the message stays right even if the count changed while the
/// answer was on its way.
public struct PrimeAlert: Equatable, Identifiable, Sendable {
  /// Which prime was asked for: 1 is the first prime, 2.
  public var n: Int
  /// The `n`-th prime.
  public var prime: Int

  /// Creates an alert for the answer `prime` to the question about `n`.
  ///
  /// ```swift
  /// PrimeAlert(n: 1_000, prime: 7_919)
  /// ```
  public init(n: Int, prime: Int) {
    self.n = n
    self.prime = prime
  }

  /// Identifies the alert by its answer, as in the episode.
  public var id: Int { prime }

  /// The sentence to show: "The 3rd prime is 5".
  ///
  /// ```swift
  /// PrimeAlert(n: 11, prime: 31).message  // "The 11th prime is 31"
  /// ```
  public var message: String {
    "The \(ordinal(n)) prime is \(prime)"
  }
}
