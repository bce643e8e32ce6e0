/// What an nth-prime search reports: progress while it runs, then its answer.
///
/// ```swift
/// environment.nthPrime(1_000_000).run { event in
///   switch event {
///   case .progress(let fraction): print("\(Int(fraction * 100))%")
///   case .answer(.success(let prime)): print(prime)   // 15485863
///   case .answer(.failure(let error)): print(error.message)
///   }
/// }
/// ```
///
/// A search sends any number of `.progress` events, each larger than the last and below 1, then
/// exactly one `.answer`, then finishes. A search short enough to need no progress bar sends only
/// the answer.
public enum NthPrimeEvent: Equatable, Sendable {
  /// The fraction of the search done so far, in `0..<1`.
  case progress(Double)
  /// The `n`-th prime, or why there is none.
  case answer(Result<Int, CounterError>)
}
