#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Foundation
#endif

/// The `n`-th prime number, counting 2 as the 1st, computed locally with a segmented sieve.
///
/// ```swift
/// nthPrime(1)          // 2
/// nthPrime(3)          // 5
/// nthPrime(1_000)      // 7919
/// nthPrime(1_000_000)  // 15_485_863, in under 10 ms in a release build
/// nthPrime(0)          // nil
/// ```
///
/// - Returns: nil when `n < 1`.
/// - Memory stays under a megabyte for any practical `n`: one 32 KB window plus the base primes
///   (the primes up to the square root of the answer).
/// - Runs synchronously on the calling thread in time roughly proportional to `n log n`: about
///   0.1 s for the 10 millionth prime and 1 s for the 100 millionth in a release build, several
///   times that in a debug build. For large `n`, or when the user may give up, call
///   `nthPrime(_:progress:isCancelled:)` off the main thread.
public func nthPrime(_ n: Int) -> Int? {
  nthPrime(n, isCancelled: { false })
}

/// The `n`-th prime number, reporting progress and giving up as soon as `isCancelled` says so.
///
/// ```swift
/// let search = Task.detached {
///   nthPrime(
///     10_000_000,
///     progress: { progress in print("\(progress.primesFound) of \(progress.target)") },
///     isCancelled: { Task.isCancelled }
///   )
/// }
/// search.cancel()                   // when the user gives up
/// let prime = await search.value    // 179_424_673, or nil if cancelled in time
/// ```
///
/// The work is split into windows of 32 K odd numbers. Before each window `isCancelled` is asked
/// once, and after each window `progress` is called once, so both cost nothing measurable, and
/// cancellation takes effect within one window: well under a millisecond in a release build.
///
/// - Parameters:
///   - n: which prime to find; 1 finds 2.
///   - progress: called on the calling thread after each window, with a count that never
///     decreases; the last call has `primesFound == n` when a prime is returned.
///   - isCancelled: called on the calling thread before each window; return true to stop.
/// - Returns: the `n`-th prime, or nil when `n < 1`, when cancelled, or when the `n`-th prime
///   would be larger than `Int.max` (which no computer will live to see).
public func nthPrime(
  _ n: Int,
  progress: (NthPrimeProgress) -> Void = { _ in },
  isCancelled: () -> Bool
) -> Int? {
  guard n >= 1 else { return nil }
  if n == 1 {
    if isCancelled() { return nil }
    progress(NthPrimeProgress(primesFound: 1, target: 1))
    return 2
  }

  let bound = nthPrimeUpperBound(n)
  // A small search needs only a small window: the bound is proven, so one window suffices.
  let windowLength = min(OddPrimeSieve.defaultWindowLength, (bound - 1) / 2)
  var sieve = OddPrimeSieve(windowLength: windowLength, expectedLimit: bound)
  var primesFound = 1  // the prime 2, which the odds-only sieve never sees
  while !isCancelled() {
    guard sieve.advance() else { return nil }
    let primesInWindow = sieve.primeCountInWindow()
    if primesFound + primesInWindow >= n {
      let prime = sieve.prime(atPositionInWindow: n - primesFound)
      progress(NthPrimeProgress(primesFound: n, target: n))
      return prime
    }
    primesFound += primesInWindow
    progress(NthPrimeProgress(primesFound: primesFound, target: n))
  }
  return nil
}

/// An upper bound for the `n`-th prime: n (ln n + ln ln n) for n ≥ 6 (Rosser & Schoenfeld, 1962),
/// and 11, the 5th prime, below that. Clamped to `Int.max` for absurdly large `n`.
func nthPrimeUpperBound(_ n: Int) -> Int {
  guard n >= 6 else { return 11 }
  let x = Double(n)
  // The +1 and rounding up absorb floating-point error; the sieve grows on demand anyway.
  let bound = (x * (log(x) + log(log(x)))).rounded(.up) + 1
  return bound >= Double(Int.max) ? Int.max : Int(bound)
}
