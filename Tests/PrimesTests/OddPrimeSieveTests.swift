import Testing

@testable import EffectfulPrimes

/// The sieve's internals, checked with tiny windows so that every kind of window boundary occurs.
@Suite("OddPrimeSieve")
struct OddPrimeSieveTests {
  @Test("windows of any length find exactly the odd primes", arguments: [1, 2, 3, 7, 64, 1_000])
  func windowLengths(windowLength: Int) {
    let limit = 20_000
    let table = referenceIsPrimeTable(below: limit + 4 * windowLength + 4)
    // An expected limit of 0 forces the base primes to grow on demand as well.
    var sieve = OddPrimeSieve(windowLength: windowLength, expectedLimit: 0)
    var found: [Int] = []
    while sieve.low <= limit, sieve.advance() {
      var k = 1
      while let prime = sieve.prime(atPositionInWindow: k) {
        found.append(prime)
        k += 1
      }
      #expect(sieve.primeCountInWindow() == k - 1)
    }
    let expected = (3...sieve.last).filter { table[$0] }
    #expect(found == expected)
  }

  @Test("π(x) matches a plain sieve")
  func primeCounts() {
    let table = referenceIsPrimeTable(below: 200_001)
    var count = 0
    var mismatches: [Int] = []
    for x in 0...200_000 {
      if table[x] { count += 1 }
      if x < 2_000 || x.isMultiple(of: 997), primeCount(through: x) != count {
        mismatches.append(x)
      }
    }
    #expect(mismatches.isEmpty)
    #expect(primeCount(through: 1_000_000) == 78_498)
  }

  @Test("the Rosser–Schoenfeld bound holds")
  func upperBound() {
    for n in 1...2_000 {
      let prime = nthPrime(n) ?? 0
      #expect(prime <= nthPrimeUpperBound(n), "n = \(n)")
    }
    #expect(nthPrimeUpperBound(Int.max) == Int.max)
  }
}
