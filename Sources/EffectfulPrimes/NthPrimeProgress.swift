/// How far a call to `nthPrime(_:progress:isCancelled:)` has got, reported once per sieve window.
///
/// ```swift
/// let prime = nthPrime(10_000_000, progress: { progress in
///   // 0%, 0%, …, 99%, 100%
///   print("\(Int(progress.fractionCompleted * 100))%")
/// }, isCancelled: { false })
/// ```
///
/// `primesFound` never decreases from one report to the next, and the last report of a search that
/// finishes has `primesFound == target` (so `fractionCompleted == 1`). A cancelled search stops
/// reporting without a final report.
public struct NthPrimeProgress: Sendable, Equatable {
  /// How many primes, counting from 2, have been found so far.
  public var primesFound: Int
  /// The `n` of the search: it ends when the `n`-th prime is found.
  public var target: Int

  /// Creates a progress report.
  ///
  /// ```swift
  /// let progress = NthPrimeProgress(primesFound: 250, target: 1_000)
  /// progress.fractionCompleted  // 0.25
  /// ```
  public init(primesFound: Int, target: Int) {
    self.primesFound = primesFound
    self.target = target
  }

  /// `primesFound / target`, clamped to `0...1`; 0 when `target` is not positive.
  ///
  /// Computed rather than stored so that it can never disagree with the two counts. Primes thin
  /// out slowly (about 1 in ln x), so this fraction runs slightly ahead of elapsed time.
  public var fractionCompleted: Double {
    guard target > 0 else { return 0 }
    return min(1, max(0, Double(primesFound) / Double(target)))
  }
}
