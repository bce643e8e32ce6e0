import EffectfulPrimes
import Testing

@Suite("numberFacts")
struct NumberFactsTests {
  @Test("one sentence in numbersapi.com's style")
  func headlineFacts() {
    #expect(fact(about: 7) == "7 is a prime number.")
    #expect(fact(about: 6) == "6 is a perfect number: 1 + 2 + 3 = 6.")
    #expect(fact(about: 28) == "28 is a perfect number: 1 + 2 + 4 + 7 + 14 = 28.")
    #expect(fact(about: 360) == "360 = 2^3 × 3^2 × 5.")
    #expect(fact(about: 0) == "0 is the additive identity: n + 0 = n for every n.")
    #expect(fact(about: 2) == "2 is the only even prime number.")
    #expect(fact(about: -7) == "-7 is the negative of the prime number 7.")
  }

  @Test("all facts about 28, as documented")
  func allFactsAbout28() {
    #expect(
      numberFacts(about: 28) == [
        "28 is a perfect number: 1 + 2 + 4 + 7 + 14 = 28.",
        "28 is the 7th triangular number: 1 + 2 + … + 7 = 28.",
        "28 = 2^2 × 7.",
        "28 has 6 divisors.",
        "The digits of 28 sum to 10.",
        "28 is even.",
      ])
  }

  @Test("perfect numbers, including the largest that fits in an Int")
  func perfectNumbers() {
    let perfect = [
      6, 28, 496, 8_128, 33_550_336, 8_589_869_056, 137_438_691_328, 2_305_843_008_139_952_128,
    ]
    for n in perfect {
      #expect(fact(about: n).hasPrefix("\(n) is a perfect number:"), "\(n)")
    }
    #expect(
      fact(about: 8_128)
        == "8128 is a perfect number: 1 + 2 + 4 + 8 + 16 + 32 + 64 + 127 + 254 + 508 + 1016 + 2032 + 4064 = 8128."
    )
    let others = (1...10_000).filter { n in
      numberFacts(about: n).contains { $0.contains("perfect number") }
    }
    #expect(others == [6, 28, 496, 8_128])
  }

  @Test(
    "extremes give true facts without crashing",
    arguments: [0, 1, -1, 2, Int.max, Int.min, Int.max - 1, Int.min + 1, Int.max - 24])
  func extremes(n: Int) {
    let facts = numberFacts(about: n)
    #expect(!facts.isEmpty)
    #expect(facts.allSatisfy { $0.hasSuffix(".") })
    #expect(fact(about: n) == facts[0])
    #expect(facts.contains("\(n) is \(n.isMultiple(of: 2) ? "even" : "odd")."))
  }

  @Test("the bounds of Int")
  func bounds() {
    let max = numberFacts(about: Int.max)
    #expect(max.first == "9223372036854775807 is the largest Int: 2^63 - 1.")
    #expect(max.contains("9223372036854775807 = 7^2 × 73 × 127 × 337 × 92737 × 649657."))
    let min = numberFacts(about: Int.min)
    #expect(
      min.first
        == "-9223372036854775808 is the smallest Int: -2^63, whose negation does not fit in an Int."
    )
    #expect(min.contains("-9223372036854775808 = -1 × 2^63."))
    #expect(
      min.contains("-9223372036854775808 is a perfect cube: (-2097152)^3 = -9223372036854775808."))
    #expect(
      min.contains("-9223372036854775808 is a perfect power: (-2)^63 = -9223372036854775808."))
    #expect(
      fact(about: 9_223_372_036_854_775_783)
        == "9223372036854775783 is the largest prime number that fits in an Int.")
  }

  @Test("sample facts")
  func samples() {
    let facts = numberFacts(about: 7)
    #expect(facts.contains("7 is the 4th prime number."))
    #expect(facts.contains("7 is a Mersenne prime: 2^3 - 1 = 7."))
    #expect(facts.contains("7 is a twin prime, with 5."))
    #expect(numberFacts(about: 7_919).contains("7919 is the 1000th prime number."))
    #expect(numberFacts(about: 17).contains("17 is a Fermat prime: 2^4 + 1 = 17."))
    #expect(numberFacts(about: 144).contains("144 is a perfect square: 12^2 = 144."))
    #expect(numberFacts(about: 144).contains("144 is a Fibonacci number: F(12) = 144."))
    #expect(numberFacts(about: 1).contains("1 is a Fibonacci number: F(1) = F(2) = 1."))
    #expect(numberFacts(about: -27).contains("-27 is a perfect cube: (-3)^3 = -27."))
    #expect(numberFacts(about: 81).contains("81 is a perfect power: 3^4 = 81."))
    #expect(numberFacts(about: 64).contains("64 is a power of two: 2^6 = 64."))
    #expect(numberFacts(about: 28).contains("28 is the 7th triangular number: 1 + 2 + … + 7 = 28."))
    #expect(
      numberFacts(about: 12).contains(
        "12 is an abundant number: its proper divisors sum to 16, more than 12."))
    #expect(
      numberFacts(about: 12_321).contains("12321 is a palindrome: it reads the same backwards."))
    #expect(numberFacts(about: 360).contains("360 has 24 divisors."))
    #expect(
      numberFacts(about: 360).contains("The digits of 360 sum to 9, so 360 is divisible by 9."))
    #expect(numberFacts(about: -360).contains("-360 = -1 × 2^3 × 3^2 × 5."))
  }

  @Test("each kind of fact appears exactly for the numbers it is true of")
  func factsAreTrue() {
    let table = referenceIsPrimeTable(below: 20_001)
    let fibonacci: Set = [
      0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1_597, 2_584, 4_181, 6_765,
      10_946, 17_711,
    ]
    let triangular = Set((1...200).map { $0 * ($0 + 1) / 2 })
    for n in -3_000...20_000 {
      let facts = numberFacts(about: n)
      func says(_ phrase: String) -> Bool { facts.contains { $0.hasPrefix("\(n) is a \(phrase)") } }
      let root = Int(Double(n.magnitude).squareRoot().rounded())
      #expect(says("prime number") == (n >= 0 && table[n]), "\(n)")
      #expect(says("perfect square") == (n >= 0 && root * root == n), "\(n)")
      #expect(says("perfect cube") == (-30...30).contains { $0 * $0 * $0 == n }, "\(n)")
      #expect(says("Fibonacci number") == fibonacci.contains(n), "\(n)")
      #expect(
        facts.contains { $0.hasPrefix("\(n) is the") && $0.contains("triangular") }
          == triangular.contains(n), "\(n)")
      #expect(says("power of two") == (n > 0 && n & (n - 1) == 0), "\(n)")
      #expect(says("palindrome") == (n >= 10 && String("\(n)".reversed()) == "\(n)"), "\(n)")
      #expect(facts.allSatisfy { $0.hasSuffix(".") }, "\(n)")
      if let sum = facts.first(where: { $0.hasPrefix("The digits of \(n) sum") }) {
        let digitSum = "\(n.magnitude)".compactMap(\.wholeNumberValue).reduce(0, +)
        #expect(sum.hasPrefix("The digits of \(n) sum to \(digitSum)"), "\(n)")
      }
    }
  }

  @Test("the factorization sentence multiplies back to the number")
  func factorizationSentence() {
    let samples =
      Array(-500...5_000) + [Int.max, Int.min, Int.min + 1, Int.max - 1, 9_223_371_873_002_223_329]
    for n in samples {
      guard let sentence = numberFacts(about: n).first(where: { $0.hasPrefix("\(n) = ") }) else {
        // Only primes, 0 and ±1 have no factorization sentence.
        #expect(isPrime(n) || n.magnitude <= 1, "\(n)")
        continue
      }
      let product = sentence.dropFirst("\(n) = ".count).dropLast()  // drop the final "."
      var magnitude: UInt64? = 1
      var isNegative = false
      for term in product.split(separator: " × ") {
        if term == "-1" {
          isNegative = true
          continue
        }
        let parts = term.split(separator: "^")
        guard let base = UInt64(parts[0]), let exponent = parts.count == 2 ? Int(parts[1]) : 1
        else {
          Issue.record("unreadable term \(term) in \(sentence)")
          break
        }
        #expect(isPrime(Int(base)), "\(sentence)")
        for _ in 0..<exponent {
          magnitude = magnitude.flatMap { m in
            let (next, overflow) = m.multipliedReportingOverflow(by: base)
            return overflow ? nil : next
          }
        }
      }
      #expect(magnitude == UInt64(n.magnitude), "\(sentence)")
      #expect(isNegative == (n < 0), "\(sentence)")
    }
  }
}
