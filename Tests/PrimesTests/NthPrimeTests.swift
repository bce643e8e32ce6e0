import Testing

@testable import EffectfulPrimes

@Suite("nthPrime")
struct NthPrimeTests {
  @Test(
    "known values",
    arguments: [
      (1, 2), (2, 3), (3, 5), (4, 7), (5, 11), (6, 13), (7, 17), (10, 29), (100, 541),
      (1_000, 7_919), (10_000, 104_729), (1_000_000, 15_485_863), (10_000_000, 179_424_673),
    ])
  func knownValues(n: Int, prime: Int) {
    #expect(nthPrime(n) == prime)
  }

  @Test("nil when n is less than 1", arguments: [0, -1, -1_000, Int.min])
  func nilBelowOne(n: Int) {
    #expect(nthPrime(n) == nil)
    #expect(nthPrime(n, isCancelled: { false }) == nil)
  }

  @Test("the n-th prime for every n up to 2,000 matches a plain sieve")
  func matchesSieve() {
    let table = referenceIsPrimeTable(below: 50_000)
    let primes = (0..<50_000).filter { table[$0] }.prefix(2_000)
    let mismatches = primes.enumerated().filter { index, prime in nthPrime(index + 1) != prime }
    #expect(mismatches.isEmpty)
  }

  @Test("the n-th prime for randomly drawn n up to 100,000 matches a plain sieve")
  func randomlyDrawn() {
    let table = referenceIsPrimeTable(below: 1_300_000)
    let primes = (0..<1_300_000).filter { table[$0] }
    // A fixed seed: the same draws every run, so that a failure can be repeated.
    var generator = SeededGenerator(seed: 14)
    let draws = (0..<200).map { _ in Int.random(in: 1...100_000, using: &generator) }
    let mismatches = draws.filter { n in nthPrime(n) != primes[n - 1] }
    #expect(mismatches.isEmpty)
  }

  @Test("the primes on either side of a full window's end")
  func windowEdges() {
    // Searches this small use windows of one slice, the machine's L1 data cache: with 32 KB, the
    // first holds the 30 × 32,768 = 983,040 numbers below 983,040, then the next window.
    let windowNumbers = 30 * SegmentSizes.forThisMachine.slice.bytes
    let table = referenceIsPrimeTable(below: 2 * windowNumbers + 100_000)
    let primes = (0..<2 * windowNumbers + 100_000).filter { table[$0] }
    #expect(
      SegmentSizes.forThisMachine.windowBytes(forLimit: nthPrimeUpperBound(primes.count)) * 30
        == windowNumbers)
    for windowEnd in [windowNumbers, 2 * windowNumbers] {
      let below = primes.lastIndex { $0 < windowEnd } ?? 0  // index of the window's last prime
      for index in below - 2...below + 3 {
        #expect(nthPrime(index + 1) == primes[index], "around \(windowEnd)")
      }
    }
  }

  @Test("progress never decreases, comes once per window and ends at the target")
  func progressIsMonotone() {
    var reports: [NthPrimeProgress] = []
    var cancellationChecks = 0
    let prime = nthPrime(
      1_000_000,
      progress: { reports.append($0) },
      isCancelled: {
        cancellationChecks += 1
        return false
      })

    #expect(prime == 15_485_863)
    #expect(reports.last == NthPrimeProgress(primesFound: 1_000_000, target: 1_000_000))
    #expect(reports.last?.fractionCompleted == 1)
    #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.primesFound <= $1.primesFound })
    #expect(reports.allSatisfy { $0.target == 1_000_000 && (0...1).contains($0.fractionCompleted) })
    // One report per sieve window (one slice of 32 KB or more, at this size), not one per number or
    // prime.
    let windowNumbers = 30 * SegmentSizes.forThisMachine.windowBytes(forLimit: nthPrimeUpperBound(1_000_000))
    #expect(reports.count >= 15_485_863 / windowNumbers && reports.count < 1_000)
    // Cancellation is checked once per window too: before each one.
    #expect(cancellationChecks == reports.count)
  }

  @Test("a small search reports its end too")
  func smallSearchProgress() {
    for n in 1...10 {
      var reports: [NthPrimeProgress] = []
      _ = nthPrime(n, progress: { reports.append($0) }, isCancelled: { false })
      #expect(reports.last == NthPrimeProgress(primesFound: n, target: n))
    }
  }

  @Test("cancelling stops the search at the next window and returns nil")
  func cancellationStopsEarly() {
    var reports = 0
    let prime = nthPrime(
      10_000_000,
      progress: { _ in reports += 1 },
      isCancelled: { reports >= 3 })
    #expect(prime == nil)
    #expect(reports == 3)
  }

  @Test("cancelled before starting: nil, without any progress")
  func cancelledUpFront() {
    for n in [1, 2, 1_000_000] {
      var reports = 0
      #expect(nthPrime(n, progress: { _ in reports += 1 }, isCancelled: { true }) == nil)
      #expect(reports == 0)
    }
  }

  @Test("the trailing-closure form reads as cancellation")
  func trailingClosure() {
    #expect(nthPrime(10) { false } == 29)
  }

  @Test(
    "fractionCompleted",
    arguments: [(0, 4, 0.0), (1, 4, 0.25), (4, 4, 1.0), (5, 4, 1.0), (1, 0, 0.0)])
  func fractionCompleted(found: Int, target: Int, fraction: Double) {
    #expect(NthPrimeProgress(primesFound: found, target: target).fractionCompleted == fraction)
  }
}

@Suite struct NthPrimeReachTests {
  @Test func aPrimeLargerThanIntMaxIsNilAtOnce() {
    var windows = 0
    let prime = nthPrime(
      Int.max,
      isCancelled: {
        windows += 1
        return windows > 1_000
      })
    #expect(prime == nil)
    #expect(windows == 0, "it sieved \(windows) windows toward a prime no Int can hold")
  }

  @Test func withinReachIsFromTheFirstPrimeToTheLimit() throws {
    try checkNthPrimeIsWithinReach(1)
    try checkNthPrimeIsWithinReach(largestNthPrimeWithinReach)
    #expect(throws: NthPrimeReachError.noSuchPrime(n: 0)) { try checkNthPrimeIsWithinReach(0) }
    #expect(
      throws: NthPrimeReachError.beyondReach(
        n: Int.max, limit: largestNthPrimeWithinReach, estimate: nil)
    ) { try checkNthPrimeIsWithinReach(Int.max) }
  }

  @Test func estimatesAreWithinAPercentOfTheTruth() throws {
    for (n, prime) in [(10_000, 104_729), (1_000_000, 15_485_863), (100_000_000, 2_038_074_743)] {
      let estimate = try #require(nthPrimeEstimate(n))
      #expect(abs(Double(estimate - prime)) / Double(prime) < 0.01, "\(n): \(estimate)")
    }
    #expect(nthPrimeEstimate(Int.max) == nil)
    #expect(nthPrimeEstimate(0) == nil)
  }
}
