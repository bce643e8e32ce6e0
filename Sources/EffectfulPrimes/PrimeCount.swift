/// How many primes are at most `x`: π(x). 0 for `x < 2`.
///
/// Used for facts such as "7919 is the 1000th prime number"; it sieves up to `x`, so callers keep
/// `x` modest (about 1 ms per million in a release build).
func primeCount(through x: Int) -> Int {
  guard x >= 2 else { return 0 }
  var count = 1  // the prime 2, which the odds-only sieve never sees
  let windowLength = min(OddPrimeSieve.defaultWindowLength, max(1, (x - 1) / 2))
  var sieve = OddPrimeSieve(windowLength: windowLength, expectedLimit: x)
  while sieve.advance() {
    if sieve.last >= x { return count + sieve.primeCountInWindow(through: x) }
    count += sieve.primeCountInWindow()
  }
  return count
}
