// Modular arithmetic on 64-bit words that never overflows, shared by Miller–Rabin and Pollard's rho.
//
// Every product is taken at full width (128 bits) and reduced with one hardware division, so any
// modulus up to `UInt64.max` is safe. That is slower than Montgomery multiplication but short,
// obviously correct, and fast enough: a full primality test costs a few microseconds.

/// `(a * b) % modulus` without overflow. Requires `a < modulus` and `b < modulus`.
func multiplyModulo(_ a: UInt64, _ b: UInt64, _ modulus: UInt64) -> UInt64 {
  // `a, b < modulus` keeps the high word below the modulus, which `dividingFullWidth` requires.
  let product = a.multipliedFullWidth(by: b)
  return modulus.dividingFullWidth((high: product.high, low: product.low)).remainder
}

/// `(a + b) % modulus` without overflow. Requires `a < modulus` and `b < modulus`.
func addModulo(_ a: UInt64, _ b: UInt64, _ modulus: UInt64) -> UInt64 {
  // Compare against the distance to the modulus instead of adding, so the sum never wraps.
  a >= modulus - b ? a - (modulus - b) : a + b
}

/// `base ^ exponent % modulus` by square-and-multiply. Requires `modulus > 1`.
func powerModulo(_ base: UInt64, _ exponent: UInt64, _ modulus: UInt64) -> UInt64 {
  var result: UInt64 = 1
  var base = base % modulus
  var exponent = exponent
  while exponent > 0 {
    if exponent & 1 == 1 { result = multiplyModulo(result, base, modulus) }
    base = multiplyModulo(base, base, modulus)
    exponent >>= 1
  }
  return result
}
