/// The obvious sieve of Eratosthenes, trusted as the reference the fast code is checked against.
func referenceIsPrimeTable(below limit: Int) -> [Bool] {
  var isPrime = [Bool](repeating: true, count: max(limit, 2))
  isPrime[0] = false
  isPrime[1] = false
  var p = 2
  while p * p < limit {
    if isPrime[p] {
      for multiple in stride(from: p * p, to: limit, by: p) { isPrime[multiple] = false }
    }
    p += 1
  }
  return isPrime
}

/// A seeded random number generator (Knuth's 64-bit linear congruential one, its high bits folded
/// into the low), so that randomized tests draw the same numbers every run.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state ^ (state >> 29)
  }
}
