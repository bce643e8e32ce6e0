/// One prime power in a factorization: `prime ^ exponent`.
///
/// ```swift
/// primeFactorization(of: 360)
/// // [PrimeFactor(prime: 2, exponent: 3),
/// //  PrimeFactor(prime: 3, exponent: 2),
/// //  PrimeFactor(prime: 5, exponent: 1)]
/// ```
public struct PrimeFactor: Sendable, Hashable {
  /// The prime, at least 2.
  public var prime: Int
  /// How many times `prime` divides the number, at least 1.
  public var exponent: Int

  /// Creates the prime power `prime ^ exponent`.
  public init(prime: Int, exponent: Int) {
    self.prime = prime
    self.exponent = exponent
  }
}

/// The prime factorization of the magnitude of `n`, smallest prime first.
///
/// ```swift
/// primeFactorization(of: 360)      // 2^3 × 3^2 × 5
/// // 2^2 × 3: the sign is the caller's to report
/// primeFactorization(of: -12)
/// primeFactorization(of: Int.min)  // 2^63
/// primeFactorization(of: 1)        // []: 0, 1 and -1 have no prime factors
/// ```
///
/// Exact for every `Int`, and fast for all of them: small factors are found by trial division and
/// large ones by Pollard's rho (Brent's variant), so even a product of two 31-bit primes takes
/// milliseconds, not the seconds that trial division up to 3 × 10^9 would.
public func primeFactorization(of n: Int) -> [PrimeFactor] {
  // Every prime factor fits in an Int: the magnitude is at most 2^63, which is not prime.
  primeFactors(ofMagnitude: UInt64(n.magnitude)).map {
    PrimeFactor(prime: Int($0.prime), exponent: $0.exponent)
  }
}

/// Trial division handles factors up to this bound; Pollard's rho handles what remains.
private let trialDivisionLimit: UInt64 = 1 << 12

/// The prime factorization of an unsigned `n`, smallest prime first; empty for 0 and 1.
func primeFactors(ofMagnitude n: UInt64) -> [(prime: UInt64, exponent: Int)] {
  guard n > 1 else { return [] }
  var primes: [UInt64] = []
  var rest = n
  let twos = rest.trailingZeroBitCount
  primes += repeatElement(2, count: twos)
  rest >>= UInt64(twos)
  var divisor: UInt64 = 3
  while divisor <= trialDivisionLimit, divisor * divisor <= rest {
    while rest % divisor == 0 {
      primes.append(divisor)
      rest /= divisor
    }
    divisor += 2
  }
  if rest > 1 { primes += largePrimeFactors(of: rest) }

  var factors: [(prime: UInt64, exponent: Int)] = []
  for prime in primes.sorted() {
    if let last = factors.last, last.prime == prime {
      factors[factors.count - 1].exponent += 1
    } else {
      factors.append((prime, 1))
    }
  }
  return factors
}

/// The prime factors, with repetition and in no particular order, of an odd `n > 1`.
private func largePrimeFactors(of n: UInt64) -> [UInt64] {
  if isPrime(magnitude: n) { return [n] }
  let factor = nontrivialFactor(of: n)
  return largePrimeFactors(of: factor) + largePrimeFactors(of: n / factor)
}

/// A factor strictly between 1 and `n` of an odd composite `n`.
private func nontrivialFactor(of n: UInt64) -> UInt64 {
  // Rho finds p for n = p^2 only by luck (both cycles modulo p and n can coincide), so take roots.
  let root = integerSquareRoot(n)
  if root * root == n { return root }
  // Each constant gives an independent pseudo-random map; one almost always suffices. Since n is
  // composite, some constant succeeds, so the loop ends.
  var constant: UInt64 = 1
  while true {
    let factor = pollardBrent(n, constant: constant)
    if factor != 1 && factor != n { return factor }
    constant += 1
  }
}

/// Brent's variant of Pollard's rho on x ↦ x² + c (mod n): a factor of `n`, possibly 1 or `n`
/// itself when this constant is unlucky.
private func pollardBrent(_ n: UInt64, constant: UInt64) -> UInt64 {
  let c = constant % n
  func step(_ x: UInt64) -> UInt64 { addModulo(multiplyModulo(x, x, n), c, n) }
  func distance(_ a: UInt64, _ b: UInt64) -> UInt64 { a > b ? a - b : b - a }
  // Multiplying differences together and taking one gcd per batch saves most of the gcds.
  let batchSize = 128

  var y: UInt64 = 2
  var x = y
  var saved = y
  var product: UInt64 = 1
  var divisor: UInt64 = 1
  var cycleLength = 1
  while divisor == 1 {
    x = y
    for _ in 0..<cycleLength { y = step(y) }
    var steps = 0
    while steps < cycleLength && divisor == 1 {
      saved = y
      for _ in 0..<min(batchSize, cycleLength - steps) {
        y = step(y)
        product = multiplyModulo(product, distance(x, y), n)
      }
      divisor = greatestCommonDivisor(product, n)
      steps += batchSize
    }
    cycleLength *= 2
  }
  if divisor == n {
    // The batch overshot: the product reached 0 mod n. Replay the last batch one step at a time.
    repeat {
      saved = step(saved)
      divisor = greatestCommonDivisor(distance(x, saved), n)
    } while divisor == 1
  }
  return divisor
}

private func greatestCommonDivisor(_ a: UInt64, _ b: UInt64) -> UInt64 {
  var (a, b) = (a, b)
  while b != 0 { (a, b) = (b, a % b) }
  return a
}
