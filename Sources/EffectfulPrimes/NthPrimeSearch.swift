/// A search for the `n`-th prime, as `nthPrime(_:threadCount:progress:isCancelled:)` runs it: its
/// tuning has the defaults users get, and small values in tests so that every path runs quickly.
///
/// One thread sieves from 7 on, window after window, counting each window with a popcount and
/// looking at single bits only in the window where the count reaches `n`.
///
/// Several threads first count the primes below `lowerEstimate(n)` concurrently (just below the
/// answer: see `nthPrimeLowerEstimate`), then one sieves on from there as above, a window or two.
/// An estimate that turns out too high costs a second, sequential count, never a wrong answer.
struct NthPrimeSearch {
  /// How many threads may count; 1 keeps everything on the calling thread.
  var threadCount: Int
  /// Bytes per sieve window (30 numbers each); nil picks them from the size of the search and the
  /// machine's caches (see `SegmentSizes.windowBytes(forLimit:)`).
  var windowBytes: Int?
  /// How the smallest sieving primes cross off (see `SegmentSizes`).
  var slice = SegmentSizes.forThisMachine.slice
  /// Below this many bytes to count (2 MiB, 63 million numbers, 30 ms) a helper thread costs more
  /// than it saves, and the search stays on one thread.
  var minimumConcurrentBytes = 2 << 20
  /// A number at most the `n`-th prime, and close below it.
  var lowerEstimate: (Int) -> Int = nthPrimeLowerEstimate

  func run(_ n: Int, progress: (NthPrimeProgress) -> Void, isCancelled: () -> Bool) -> Int? {
    guard n >= 1 else { return nil }
    // 2, 3 and 5 are not on the sieve's wheel.
    if n <= 3 {
      if isCancelled() { return nil }
      progress(NthPrimeProgress(primesFound: n, target: n))
      return [2, 3, 5][n - 1]
    }
    // Past about 2 * 10^17 the prime is larger than Int.max: say so at once rather than sieve
    // toward it for centuries (the estimate is below the prime, so nothing findable is refused).
    guard nthPrimeLowerEstimate(n) < Int.max else { return nil }
    // Reports never go back, and reach n only with the answer, whichever way the search goes.
    var primesReported = 0
    func report(_ primesFound: Int) {
      primesReported = max(primesReported, min(primesFound, n))
      progress(NthPrimeProgress(primesFound: primesReported, target: n))
    }
    let bound = nthPrimeUpperBound(n)
    // A small search needs only a small window: the bound is proven, so one window suffices.
    let windowBytes =
      windowBytes.map { min($0, bound / 30 + 1) } ?? SegmentSizes.forThisMachine.windowBytes(forLimit: bound)
    let sieve = WheelSieve(windowBytes: windowBytes, slice: slice, expectedLimit: bound)
    let countedByte = lowerEstimate(n) / 30
    if threadCount > 1, countedByte >= minimumConcurrentBytes {
      let counted = countPrimesConcurrently(
        belowByte: countedByte, threadCount: threadCount, expectedLimit: bound, windowBytes: windowBytes,
        slice: slice,
        report: { report(min(primesBefore + $0, n - 1)) }, isCancelled: isCancelled)
      guard let counted else { return nil }
      if primesBefore + counted < n {
        sieve.move(toByte: countedByte)
        return searchForward(
          sieve, n: n, primesBefore: primesBefore + counted, report: report, isCancelled: isCancelled)
      }
      // The estimate was too high (it never is below 10^19): count again, from the start.
    }
    return searchForward(sieve, n: n, primesBefore: primesBefore, report: report, isCancelled: isCancelled)
  }

  /// 2, 3 and 5: the primes the wheel sieve never sees.
  private let primesBefore = 3

  /// Sieves window after window from the sieve's next one until the `n`-th prime, given that
  /// `primesBefore` primes come before that window. Checks `isCancelled` before each window and
  /// reports after each.
  private func searchForward(
    _ sieve: WheelSieve, n: Int, primesBefore: Int, report: (Int) -> Void, isCancelled: () -> Bool
  ) -> Int? {
    var primesFound = primesBefore
    while !isCancelled() {
      guard sieve.advance() else { return nil }
      let primesInWindow = sieve.primeCountInWindow()
      if primesFound + primesInWindow >= n {
        let prime = sieve.prime(atPositionInWindow: n - primesFound)
        report(n)
        return prime
      }
      primesFound += primesInWindow
      report(primesFound)
    }
    return nil
  }
}
