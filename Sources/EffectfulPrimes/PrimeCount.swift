/// How many primes are at most `x`: π(x). 0 for `x < 2`.
///
/// Used for facts such as "7919 is the 1000th prime number"; it sieves up to `x` (see
/// `WheelSieve`), so callers keep `x` modest (about 0.5 ms per million in a release build).
func primeCount(through x: Int) -> Int {
  guard x >= 2 else { return 0 }
  // 2, 3 and 5 are not on the wheel.
  var count = [2, 3, 5].filter { $0 <= x }.count
  let sieve = WheelSieve(windowBytes: SegmentSizes.forThisMachine.windowBytes(forLimit: x), expectedLimit: x)
  while sieve.advance() {
    if x < sieve.numbers.upperBound { return count + sieve.primeCountInWindow(through: x) }
    count += sieve.primeCountInWindow()
  }
  return count
}
