import EffectfulPrimes
import Testing

@Suite("primeFactorization")
struct PrimeFactorizationTests {
  @Test("known factorizations")
  func known() {
    #expect(
      primeFactorization(of: 360) == [
        .init(prime: 2, exponent: 3), .init(prime: 3, exponent: 2), .init(prime: 5, exponent: 1),
      ])
    #expect(
      primeFactorization(of: -12) == [.init(prime: 2, exponent: 2), .init(prime: 3, exponent: 1)])
    #expect(primeFactorization(of: Int.min) == [.init(prime: 2, exponent: 63)])
    #expect(
      primeFactorization(of: Int.max) == [
        .init(prime: 7, exponent: 2), .init(prime: 73, exponent: 1), .init(prime: 127, exponent: 1),
        .init(prime: 337, exponent: 1), .init(prime: 92_737, exponent: 1),
        .init(prime: 649_657, exponent: 1),
      ])
    #expect(primeFactorization(of: 0).isEmpty)
    #expect(primeFactorization(of: 1).isEmpty)
    #expect(primeFactorization(of: -1).isEmpty)
    #expect(
      primeFactorization(of: 9_223_372_036_854_775_783) == [
        .init(prime: 9_223_372_036_854_775_783, exponent: 1)
      ])
  }

  @Test("products of large primes split quickly and exactly")
  func largeSemiprimes() {
    let cases: [(Int, Int)] = [
      (3_037_000_493, 3_037_000_453),
      (4_294_967_291, 2_147_483_647),
      (3_037_000_493, 3_037_000_493),
      (1_000_000_007, 1_000_000_009),
      (4_099, 2_250_151_753_319_039),  // one factor just past trial division
    ]
    for (p, q) in cases {
      let expected =
        p == q
        ? [PrimeFactor(prime: p, exponent: 2)]
        : [.init(prime: min(p, q), exponent: 1), .init(prime: max(p, q), exponent: 1)]
      #expect(primeFactorization(of: p * q) == expected, "\(p) × \(q)")
    }
  }

  @Test("factors are ascending primes whose product is the number")
  func multipliesBack() {
    let samples =
      Array(-2_000...20_000) + [Int.max, Int.max - 1, Int.min, Int.min + 1]
      + (0..<200).map { 1 &+ $0 &* 46_116_860_184_273_879 }  // spread across the whole range
    for n in samples where n.magnitude > 1 {
      let factors = primeFactorization(of: n)
      #expect(factors.allSatisfy { isPrime($0.prime) && $0.exponent >= 1 }, "\(n)")
      #expect(zip(factors, factors.dropFirst()).allSatisfy { $0.prime < $1.prime }, "\(n)")
      #expect(product(of: factors) == UInt64(n.magnitude), "\(n)")
    }
  }

  /// The product of a factorization, or nil if it overflows 64 bits.
  private func product(of factors: [PrimeFactor]) -> UInt64? {
    var result: UInt64 = 1
    for factor in factors {
      for _ in 0..<factor.exponent {
        let (next, overflow) = result.multipliedReportingOverflow(by: UInt64(factor.prime))
        if overflow { return nil }
        result = next
      }
    }
    return result
  }
}
