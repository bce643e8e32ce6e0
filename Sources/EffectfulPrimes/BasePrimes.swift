/// `integerSquareRoot(Int.max)`: the largest number whose square is an `Int`, so the largest prime a
/// sieve of `Int`s ever crosses off with.
let largestUsefulBasePrime = 3_037_000_499

/// The primes the wheel sieve crosses off with, up to `limit`: those above the presieved ones (53),
/// ascending, as 32-bit numbers (every one is at most `largestUsefulBasePrime`, below 2^32).
func sievingPrimeCandidates(through limit: Int) -> [UInt32] {
  oddPrimes(through: limit).filter { $0 > Presieve.largestPrime }.map { UInt32($0) }
}

/// The odd primes up to `limit`, ascending, by a plain sieve of Eratosthenes over the odd numbers.
///
/// The base primes of a large search are few (the primes up to √x: 14,000 for x = 2.3 × 10^10), so
/// this simple sieve costs a fraction of a millisecond where it is used.
func oddPrimes(through limit: Int) -> [Int] {
  guard limit >= 3 else { return [] }
  let limit = min(limit, largestUsefulBasePrime)
  // Slot i stands for 2i + 1; slot 0 (the number 1) is skipped.
  let slots = (limit - 1) / 2 + 1
  var isComposite = [Bool](repeating: false, count: slots)
  var primes: [Int] = []
  var i = 1
  while i < slots {
    if !isComposite[i] {
      let p = 2 * i + 1
      primes.append(p)
      var j = (p * p - 1) / 2
      while j < slots {
        isComposite[j] = true
        j += p
      }
    }
    i += 1
  }
  return primes
}
