/// The user's own `Primes` module, named as the episode names it.
public func isPrime(_ n: Int) -> Bool {
  guard n > 1 else { return false }
  var divisor = 2
  while divisor * divisor <= n {
    if n % divisor == 0 { return false }
    divisor += 1
  }
  return true
}

public func nthPrime(_ n: Int) -> Int? {
  guard n > 0 else { return nil }
  var found = 0
  var candidate = 1
  while found < n {
    candidate += 1
    if isPrime(candidate) { found += 1 }
  }
  return candidate
}
