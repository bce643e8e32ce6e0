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
/// - Memory stays within a few megabytes for any practical `n`: a window per thread, sized to fit
///   the machine's L2 cache (256 KB to 2 MB), plus the sieving primes (the primes up to the square
///   root of the answer, 16 bytes each).
/// - Runs synchronously in time roughly proportional to `n log n`: about 0.05 s for the 10
///   millionth prime and 0.7 s for the 100 millionth on one core of a 2 GHz server in a release
///   build, several times that in a debug build. From about the 4 millionth prime on it counts on
///   two threads (the calling one and one from Dispatch's global queue) when the machine has two
///   cores. For large `n`, or when the user may give up, call `nthPrime(_:progress:isCancelled:)`
///   off the main thread.
public func nthPrime(_ n: Int) -> Int? {
  nthPrime(n, isCancelled: { false })
}

/// The `n`-th prime number, reporting progress and giving up as soon as `isCancelled` says so.
///
/// ```swift
/// let search = Task.detached {
///   nthPrime(
///     10_000_000,
///     progress: { progress in
///       print("\(progress.primesFound) of \(progress.target)")
///     },
///     isCancelled: { Task.isCancelled }
///   )
/// }
/// search.cancel()                   // when the user gives up
/// // 179_424_673, or nil if cancelled in time
/// let prime = await search.value
/// ```
///
/// The work is split into windows of one to sixteen times the L1 data cache, larger for larger `n`
/// and never larger than fits the L2 cache (see `SegmentSizes`): about 1 to 24 million numbers on
/// current x86 cores. Before each window the calling thread sieves, `isCancelled` is asked once,
/// and after each one `progress` is called once, so both cost nothing measurable, and cancellation
/// takes effect within one window: a few milliseconds at most in a release build. A helper thread,
/// when the search uses one, stops at its next window too, before this function returns.
///
/// - Parameters:
///   - n: which prime to find; 1 finds 2.
///   - progress: called on the calling thread after each window, with a count that never
///     decreases (all threads' primes so far); the last call has `primesFound == n` when a prime
///     is returned.
///   - isCancelled: called on the calling thread before each window; return true to stop.
/// - Returns: the `n`-th prime, or nil when `n < 1`, when cancelled, or when the `n`-th prime
///   would be larger than `Int.max` (which no computer will live to see).
public func nthPrime(
  _ n: Int,
  progress: (NthPrimeProgress) -> Void = { _ in },
  isCancelled: () -> Bool
) -> Int? {
  nthPrime(n, threadCount: defaultThreadCount, progress: progress, isCancelled: isCancelled)
}

/// `nthPrime(_:progress:isCancelled:)` on at most `threadCount` threads: 1 for the single-threaded
/// figures the benchmarks compare with other sieves.
///
/// ```swift
/// // 2_038_074_743
/// nthPrime(100_000_000, threadCount: 1, isCancelled: { false })
/// ```
///
/// With more than one thread, a large search counts most of the way concurrently (see
/// `countPrimesConcurrently`) and finds the prime in a short sequential tail; a small one (below
/// about the 4 millionth prime, a few tens of milliseconds) runs on the calling thread alone,
/// where a helper thread would cost more than it saves. `progress` and `isCancelled` are called on
/// the calling thread only, whatever `threadCount`.
@_spi(Benchmarks)
public func nthPrime(
  _ n: Int,
  threadCount: Int,
  progress: (NthPrimeProgress) -> Void = { _ in },
  isCancelled: () -> Bool
) -> Int? {
  NthPrimeSearch(threadCount: threadCount).run(n, progress: progress, isCancelled: isCancelled)
}

/// Two threads, or one on a one-core machine: the search leaves any further cores to the app.
private let defaultThreadCount = min(2, max(1, processorCount()))
