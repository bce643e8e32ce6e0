/// Whether `n` is a prime number, exactly, for every `Int`.
///
/// ```swift
/// isPrime(7)                    // true
/// isPrime(561)                  // false: a Carmichael number, 3 × 11 × 17
/// isPrime(9_223_372_036_854_775_783)  // true: the largest prime below 2^63
/// ```
///
/// Small factors are found by trial division; what survives is checked with the deterministic
/// Miller–Rabin test using the witnesses 2, 3, 5, …, 37, which has no false positives below
/// 3.3 × 10^24 and so none for any 64-bit number. The answer is exact, not probabilistic.
///
/// - Negative numbers, 0 and 1 are not prime.
/// - Runs in a few microseconds at worst; safe to call on the main thread.
public func isPrime(_ n: Int) -> Bool {
  n >= 2 && isPrime(magnitude: UInt64(n))
}

/// Primes used for trial division before Miller–Rabin; they also serve as its witnesses.
private let smallPrimes: [UInt64] = [
  2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
]

/// The witness set proven sufficient for every n < 3.317 × 10^24 (Sorenson & Webster, 2015).
private let millerRabinWitnesses: [UInt64] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]

/// Whether the unsigned `n` is prime; the core of `isPrime(_:)`, also used by factorization,
/// which works on magnitudes so that `Int.min` (whose magnitude is 2^63) needs no special case.
func isPrime(magnitude n: UInt64) -> Bool {
  if n < 2 { return false }
  for p in smallPrimes {
    if n == p { return true }
    if n % p == 0 { return false }
  }
  // Every composite below 101^2 has a factor up to 97, so the loop above has decided it.
  if n < 101 * 101 { return true }
  return passesMillerRabin(n)
}

/// The deterministic Miller–Rabin test. Requires `n` odd and greater than every witness.
private func passesMillerRabin(_ n: UInt64) -> Bool {
  // Write n - 1 = d × 2^s with d odd.
  let s = (n - 1).trailingZeroBitCount
  let d = (n - 1) >> UInt64(s)
  witnessLoop: for witness in millerRabinWitnesses {
    var x = powerModulo(witness, d, n)
    if x == 1 || x == n - 1 { continue }
    for _ in 1..<s {
      x = multiplyModulo(x, x, n)
      if x == n - 1 { continue witnessLoop }
    }
    return false
  }
  return true
}
