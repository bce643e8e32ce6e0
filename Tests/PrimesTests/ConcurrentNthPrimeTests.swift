import Testing

@testable import EffectfulPrimes

/// The concurrent paths, with 64-byte windows (of four 16-byte slices) and no minimum size, so that
/// a small search in a debug build deals out many chunks to several threads.
@Suite("nthPrime on several threads")
struct ConcurrentNthPrimeTests {
  static let limit = 1_300_000
  static let primes: [Int] = {
    let table = referenceIsPrimeTable(below: limit)
    return (0..<limit).filter { table[$0] }
  }()
  static let slice = SegmentSizes.Slice(bytes: 16, primeLimit: 200)

  func search(threads: Int) -> NthPrimeSearch {
    NthPrimeSearch(threadCount: threads, windowBytes: 64, slice: Self.slice, minimumConcurrentBytes: 0)
  }

  /// A search that counts concurrently below 600,000 only, then sieves 18,600 bytes (290 windows)
  /// on the calling thread, for tests of what comes after the concurrent part.
  func halfConcurrentSearch() -> NthPrimeSearch {
    var search = search(threads: 2)
    search.lowerEstimate = { _ in 600_000 }
    return search
  }

  @Test("counting with 1, 2 and 3 threads gives the count of a plain sieve", arguments: [1, 2, 3])
  func count(threads: Int) {
    for endByte in [0, 1, 63, 64, 65, 40_000] {
      let count = countPrimesConcurrently(
        belowByte: endByte, threadCount: threads, expectedLimit: Self.limit, windowBytes: 64,
        slice: Self.slice,
        report: { _ in }, isCancelled: { false })
      #expect(count == Self.primes.filter { $0 >= 7 && $0 < 30 * endByte }.count, "below byte \(endByte)")
    }
  }

  @Test("the n-th prime matches a plain sieve", arguments: [2, 3])
  func matchesSieve(threads: Int) {
    var generator = SeededGenerator(seed: 2)
    let draws = [4, 5, 17, 18, 100] + (0..<50).map { _ in Int.random(in: 4...99_000, using: &generator) }
    let mismatches = draws.filter { n in
      search(threads: threads).run(n, progress: { _ in }, isCancelled: { false }) != Self.primes[n - 1]
    }
    #expect(mismatches.isEmpty)
  }

  @Test("an estimate above the answer costs a recount, not a wrong answer or a report going back")
  func estimateTooHigh() {
    var tooHigh = search(threads: 2)
    tooHigh.lowerEstimate = { _ in Self.limit }
    for n in [4, 1_000, 90_000] {
      var reports: [NthPrimeProgress] = []
      let prime = tooHigh.run(n, progress: { reports.append($0) }, isCancelled: { false })
      #expect(prime == Self.primes[n - 1])
      #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.primesFound <= $1.primesFound })
      #expect(reports.dropLast().allSatisfy { $0.primesFound < n })
      #expect(reports.last == NthPrimeProgress(primesFound: n, target: n))
    }
  }

  @Test("progress never decreases and ends at the target")
  func progress() {
    var reports: [NthPrimeProgress] = []
    let prime = halfConcurrentSearch().run(90_000, progress: { reports.append($0) }, isCancelled: { false })
    #expect(prime == Self.primes[90_000 - 1])
    #expect(reports.count > 10)
    #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.primesFound <= $1.primesFound })
    #expect(reports.last == NthPrimeProgress(primesFound: 90_000, target: 90_000))
  }

  @Test("cancelling stops every thread at its next window and returns nil")
  func cancellation() {
    var reports = 0
    let prime = halfConcurrentSearch().run(
      90_000, progress: { _ in reports += 1 }, isCancelled: { reports >= 3 })
    #expect(prime == nil)
    #expect(reports == 3)
  }

  @Test("cancelling during the concurrent count stops it and returns nil")
  func cancellationWhileCounting() {
    // The calling thread takes its first chunk (16 windows at least) before the helper starts, so
    // its third report comes from the concurrent count, however the threads are scheduled.
    var reports: [NthPrimeProgress] = []
    let prime = search(threads: 2).run(
      90_000, progress: { reports.append($0) }, isCancelled: { reports.count >= 3 })
    #expect(prime == nil)
    #expect(reports.count == 3)
    #expect(reports.allSatisfy { $0.primesFound < 90_000 })
  }

  @Test("cancelled before starting: nil, without any progress")
  func cancelledUpFront() {
    var reports = 0
    #expect(search(threads: 2).run(90_000, progress: { _ in reports += 1 }, isCancelled: { true }) == nil)
    #expect(reports == 0)
  }
}
