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
