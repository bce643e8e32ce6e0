import EffectfulPrimes
import Testing

@Suite("isPrime")
struct IsPrimeTests {
  @Test("agrees with a plain sieve for every n below 100,000")
  func agreesWithSieve() {
    let table = referenceIsPrimeTable(below: 100_000)
    let mismatches = (0..<100_000).filter { isPrime($0) != table[$0] }
    #expect(mismatches.isEmpty)
  }

  @Test(
    "numbers below 2 are not prime", arguments: [0, 1, -1, -2, -3, -7, -97, Int.min, Int.min + 1])
  func belowTwo(n: Int) {
    #expect(!isPrime(n))
  }

  @Test(
    "known large primes",
    arguments: [
      2_147_483_647,  // 2^31 - 1
      4_294_967_291,  // the largest prime below 2^32
      4_294_967_311,  // the smallest prime above 2^32
      1_000_000_007,
      2_305_843_009_213_693_951,  // 2^61 - 1
      9_223_372_036_854_775_783,  // the largest prime below 2^63
      3_037_000_493,  // a factor near the square root of Int.max
    ])
  func largePrimes(n: Int) {
    #expect(isPrime(n))
  }

  @Test(
    "Carmichael numbers, strong pseudoprimes and other tricky composites",
    arguments: [
      561, 1105, 1729, 2465, 2821, 6601, 8911, 41041, 825_265,  // Carmichael numbers
      2047,  // strong pseudoprime to base 2
      1_373_653,  // to bases 2 and 3
      25_326_001,  // to bases 2, 3 and 5
      3_215_031_751,  // to bases 2, 3, 5 and 7
      2_152_302_898_747,  // to bases 2 through 11
      3_474_749_660_383,  // to bases 2 through 13
      341_550_071_728_321,  // to bases 2 through 17
      3_825_123_056_546_413_051,  // to bases 2 through 23
      Int.max,  // 7^2 × 73 × 127 × 337 × 92737 × 649657
      Int.max - 1,
      9_223_371_994_482_243_049,  // 3037000493^2
      9_223_371_873_002_223_329,  // 3037000493 × 3037000453
      4_611_686_014_132_420_609,  // (2^31 - 1)^2
      10_403,  // 101 × 103, just past trial division
    ])
  func composites(n: Int) {
    #expect(!isPrime(n))
  }

  @Test("every number between the largest Int prime and Int.max is composite")
  func topOfRange() {
    for n in (Int.max - 23)...Int.max {
      #expect(!isPrime(n), "\(n)")
    }
  }
}
