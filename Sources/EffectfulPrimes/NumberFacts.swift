/// True statements about `n`, computed offline, most interesting first.
///
/// ```swift
/// numberFacts(about: 28)
/// // ["28 is a perfect number: 1 + 2 + 4 + 7 + 14 = 28.",
/// //  "28 is the 7th triangular number: 1 + 2 + … + 7 = 28.",
/// //  "28 = 2^2 × 7.", "28 has 6 divisors.",
/// //  "The digits of 28 sum to 10.", "28 is even."]
/// ```
///
/// The facts cover: being prime (and which prime, up to 1,000,000), Mersenne, Fermat and twin
/// primes, perfect and abundant numbers, powers of two, squares, cubes and higher powers,
/// Fibonacci and triangular numbers, the prime factorization, the number of divisors,
/// palindromes, the digit sum and parity.
///
/// - Every `Int` works, including 0, 1, negative numbers, `Int.max` and `Int.min` (whose magnitude,
///   2^63, has no `Int` counterpart and is handled as an unsigned number).
/// - Never empty: every number is even or odd.
/// - Fast for every input: at worst a few milliseconds, for a number with two large prime factors
///   or for finding the index of a prime near 1,000,000.
public func numberFacts(about n: Int) -> [String] {
  let number = FactfulNumber(n)
  var facts = number.identityFacts
  facts += [number.perfectFact].compactMap { $0 }
  facts += number.primeFacts
  facts += number.powerFacts
  facts += [number.fibonacciFact, number.triangularFact].compactMap { $0 }
  facts += number.divisorFacts
  facts += [number.palindromeFact, number.abundantFact, number.digitSumFact].compactMap { $0 }
  facts.append(number.parityFact)
  return facts
}

/// One true sentence about `n`, in the style of numbersapi.com: the most interesting fact.
///
/// ```swift
/// fact(about: 7)     // "7 is a prime number."
/// fact(about: 28)    // "28 is a perfect number: 1 + 2 + 4 + 7 + 14 = 28."
/// fact(about: 360)   // "360 = 2^3 × 3^2 × 5."
/// fact(about: 0)     // "0 is the additive identity: n + 0 = n for every n."
/// ```
///
/// The same input always gives the same sentence: the first of `numberFacts(about: n)`.
public func fact(about n: Int) -> String {
  numberFacts(about: n).first ?? "\(n) is \(n.isMultiple(of: 2) ? "even" : "odd")."
}

/// A number with the properties that facts are built from, each computed once.
private struct FactfulNumber {
  let n: Int
  /// `|n|` as an unsigned number, so that `Int.min` (magnitude 2^63) needs no special case.
  let magnitude: UInt64
  /// The factorization of `magnitude`; empty for 0 and 1.
  let factors: [(prime: UInt64, exponent: Int)]
  /// Whether `magnitude` is prime.
  let isMagnitudePrime: Bool

  /// Primes up to this bound are told their index ("the 1000th prime"); it costs one sieve up to n.
  static let primeIndexLimit = 1_000_000

  init(_ n: Int) {
    self.n = n
    magnitude = UInt64(n.magnitude)
    factors = primeFactors(ofMagnitude: magnitude)
    isMagnitudePrime = factors.count == 1 && factors[0].exponent == 1
  }

  var isPrime: Bool { n > 0 && isMagnitudePrime }

  // MARK: - Facts

  /// Facts about numbers with a role of their own: 0, ±1, 2 and the bounds of `Int`.
  var identityFacts: [String] {
    switch n {
    case 0:
      return [
        "0 is the additive identity: n + 0 = n for every n.",
        "0 is neither positive nor negative.",
      ]
    case 1:
      return [
        "1 is the multiplicative identity: n × 1 = n for every n.",
        "1 is neither prime nor composite.",
      ]
    case -1:
      return ["-1 is a unit: (-1) × (-1) = 1."]
    case 2:
      return ["2 is the only even prime number."]
    case Int.max:
      return ["\(n) is the largest Int: 2^63 - 1."]
    case Int.min:
      return ["\(n) is the smallest Int: -2^63, whose negation does not fit in an Int."]
    case Int.max - 24:
      return ["\(n) is the largest prime number that fits in an Int."]
    default:
      return []
    }
  }

  /// "28 is a perfect number: 1 + 2 + 4 + 7 + 14 = 28."
  var perfectFact: String? {
    guard n > 1, divisorSum == 2 * magnitude else { return nil }
    var proper = divisors
    proper.removeLast()  // n itself
    guard proper.count > 13 else {
      let terms = proper.map { "\($0)" }.joined(separator: " + ")
      return "\(n) is a perfect number: \(terms) = \(n)."
    }
    // Perfect numbers from 33550336 on have dozens of divisors: show the start and the end.
    let terms = (proper.prefix(4).map { "\($0)" } + ["…", "\(proper[proper.count - 1])"])
      .joined(separator: " + ")
    return "\(n) is a perfect number: its \(proper.count) proper divisors \(terms) add up to \(n)."
  }

  var primeFacts: [String] {
    if n < 0 {
      return isMagnitudePrime ? ["\(n) is the negative of the prime number \(magnitude)."] : []
    }
    guard isPrime else { return [] }
    var facts = ["\(n) is a prime number."]
    if n <= Self.primeIndexLimit {
      facts.append("\(n) is the \(ordinal(primeCount(through: n))) prime number.")
    }
    if let k = exponentOfTwo(magnitude + 1) {
      facts.append("\(n) is a Mersenne prime: 2^\(k) - 1 = \(n).")
    }
    if let k = exponentOfTwo(magnitude - 1), exponentOfTwo(UInt64(k)) != nil {
      facts.append("\(n) is a Fermat prime: 2^\(k) + 1 = \(n).")
    }
    let twins = [n.subtractingReportingOverflow(2), n.addingReportingOverflow(2)]
      .filter { !$0.overflow && EffectfulPrimes.isPrime($0.partialValue) }
      .map { "\($0.partialValue)" }
    if !twins.isEmpty {
      facts.append("\(n) is a twin prime, with \(twins.joined(separator: " and ")).")
    }
    return facts
  }

  /// Powers of two, squares, cubes and higher powers, each with its root.
  var powerFacts: [String] {
    var facts: [String] = []
    if n > 0, let k = exponentOfTwo(magnitude) {
      facts.append("\(n) is a power of two: 2^\(k) = \(n).")
    }
    // n = ±m^g for the greatest g: the gcd of the exponents (0 and 1 are every power of themselves).
    let g = factors.reduce(0) { greatestCommonDivisor($0, $1.exponent) }
    let isEveryPower = magnitude <= 1
    if n >= 0, isEveryPower || g.isMultiple(of: 2) {
      facts.append("\(n) is a perfect square: \(power(root(2), 2)) = \(n).")
    }
    if isEveryPower || (g > 0 && g.isMultiple(of: 3)) {
      facts.append("\(n) is a perfect cube: \(power(root(3), 3)) = \(n).")
    }
    // Higher powers, unless they only restate a power of two; a negative number needs an odd one.
    var exponent = g
    if n < 0 { while exponent > 0, exponent.isMultiple(of: 2) { exponent /= 2 } }
    if exponent >= 4, n < 0 || exponentOfTwo(magnitude) == nil {
      facts.append("\(n) is a perfect power: \(power(root(exponent), exponent)) = \(n).")
    }
    return facts
  }

  /// "21 is a Fibonacci number: F(8) = 21.", with F(0) = 0 and F(1) = F(2) = 1.
  var fibonacciFact: String? {
    guard n >= 0 else { return nil }
    var indices: [Int] = []
    var (current, next): (UInt64, UInt64) = (0, 1)
    var index = 0
    while current <= magnitude {
      if current == magnitude { indices.append(index) }
      let (sum, overflow) = current.addingReportingOverflow(next)
      if overflow { break }
      (current, next) = (next, sum)
      index += 1
    }
    guard !indices.isEmpty else { return nil }
    let terms = indices.map { "F(\($0))" }.joined(separator: " = ")
    return "\(n) is a Fibonacci number: \(terms) = \(n)."
  }

  /// "28 is the 7th triangular number: 1 + 2 + … + 7 = 28."
  var triangularFact: String? {
    guard n >= 1 else { return nil }
    // n = k(k + 1) / 2 means k² < 2n < (k + 1)², so k is the integer square root of 2n.
    let k = integerSquareRoot(2 * magnitude)  // 2n < 2^64 for every positive Int
    let (product, overflow) = k.multipliedReportingOverflow(by: k + 1)
    guard !overflow, product / 2 == magnitude else { return nil }
    let sum: String
    switch k {
    case 1: return "1 is the 1st triangular number."
    case 2, 3: sum = (1...k).map { "\($0)" }.joined(separator: " + ")
    default: sum = "1 + 2 + … + \(k)"
    }
    return "\(n) is the \(ordinal(Int(k))) triangular number: \(sum) = \(n)."
  }

  /// The factorization of composite and negative numbers, and how many divisors they have.
  var divisorFacts: [String] {
    guard magnitude >= 2, !isPrime else { return [] }
    let product = factors.map { $0.exponent == 1 ? "\($0.prime)" : "\($0.prime)^\($0.exponent)" }
    let sign = n < 0 ? ["-1"] : []
    var facts = ["\(n) = \((sign + product).joined(separator: " × "))."]
    if n > 0 {
      let count = factors.reduce(1) { $0 * ($1.exponent + 1) }
      facts.append("\(n) has \(count) divisors.")
    }
    return facts
  }

  /// "121 is a palindrome: it reads the same backwards.", for two digits or more.
  var palindromeFact: String? {
    let digits = Array("\(magnitude)")
    guard digits.count >= 2, digits == digits.reversed() else { return nil }
    return n < 0
      ? "The digits of \(n) read the same backwards."
      : "\(n) is a palindrome: it reads the same backwards."
  }

  /// "12 is an abundant number: its proper divisors sum to 16, more than 12."
  var abundantFact: String? {
    guard n > 0, let sum = divisorSum, sum - magnitude > magnitude else { return nil }
    return
      "\(n) is an abundant number: its proper divisors sum to \(sum - magnitude), more than \(n)."
  }

  /// "The digits of 360 sum to 9, so 360 is divisible by 9.", for two digits or more.
  var digitSumFact: String? {
    guard magnitude >= 10 else { return nil }
    let sum = "\(magnitude)".reduce(0) { $0 + ($1.wholeNumberValue ?? 0) }
    let divisibility =
      sum.isMultiple(of: 9)
      ? ", so \(n) is divisible by 9"
      : sum.isMultiple(of: 3) ? ", so \(n) is divisible by 3" : ""
    return "The digits of \(n) sum to \(sum)\(divisibility)."
  }

  var parityFact: String {
    "\(n) is \(n.isMultiple(of: 2) ? "even" : "odd")."
  }

  // MARK: - Helpers

  /// σ(n), the sum of all divisors of `magnitude`, or nil if it does not fit in 64 bits (then
  /// it exceeds 2n, so n is abundant but not perfect, and the sum cannot be shown anyway).
  var divisorSum: UInt64? {
    guard magnitude > 0 else { return nil }
    var total: UInt64 = 1
    for (prime, exponent) in factors {
      // 1 + p + p² + … + p^e, every step checked.
      var term: UInt64 = 1
      var power: UInt64 = 1
      for _ in 0..<exponent {
        let next = power.multipliedReportingOverflow(by: prime)
        guard !next.overflow else { return nil }
        power = next.partialValue
        let sum = term.addingReportingOverflow(power)
        guard !sum.overflow else { return nil }
        term = sum.partialValue
      }
      let product = total.multipliedReportingOverflow(by: term)
      guard !product.overflow else { return nil }
      total = product.partialValue
    }
    return total
  }

  /// Every divisor of `magnitude`, ascending. Only called for perfect numbers, which have few.
  var divisors: [UInt64] {
    var divisors: [UInt64] = [1]
    for (prime, exponent) in factors {
      var powers: [UInt64] = []
      var power: UInt64 = 1
      for _ in 0..<exponent {
        power *= prime  // a divisor of magnitude, so it fits
        powers.append(power)
      }
      divisors += divisors.flatMap { divisor in powers.map { divisor * $0 } }
    }
    return divisors.sorted()
  }

  /// The number m with sign(n) × m^exponent == n. Requires `exponent` to divide every exponent
  /// of the factorization (any exponent when |n| <= 1) and to be odd when n < 0.
  func root(_ exponent: Int) -> Int {
    var root: UInt64 = 1
    for (prime, primeExponent) in factors {
      for _ in 0..<(primeExponent / exponent) { root *= prime }
    }
    if magnitude == 0 { root = 0 }
    // |root| <= |n| and root is not 2^63 (that would need exponent 1), so it fits in an Int.
    return n < 0 ? -Int(root) : Int(root)
  }

  /// "12^2", or "(-3)^3" for a negative base.
  func power(_ base: Int, _ exponent: Int) -> String {
    base < 0 ? "(\(base))^\(exponent)" : "\(base)^\(exponent)"
  }
}

/// k when `x == 2^k`, nil when `x` is not a power of two.
private func exponentOfTwo(_ x: UInt64) -> Int? {
  x.nonzeroBitCount == 1 ? x.trailingZeroBitCount : nil
}

private func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
  var (a, b) = (a, b)
  while b != 0 { (a, b) = (b, a % b) }
  return a
}
