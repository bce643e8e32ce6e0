/// The largest `r` with `r * r <= n`, exact for every 64-bit `n`.
///
/// `Double` gives a guess within one or two of the answer (it has 53 bits of precision, and the
/// root of a 64-bit number has 32); the loops below fix the guess with overflow-checked products.
func integerSquareRoot(_ n: UInt64) -> UInt64 {
  var root = UInt64(Double(n).squareRoot())
  while root > 0, square(root).map({ $0 > n }) ?? true { root -= 1 }
  while square(root + 1).map({ $0 <= n }) ?? false { root += 1 }
  return root
}

/// `x * x`, or nil when it does not fit in 64 bits.
private func square(_ x: UInt64) -> UInt64? {
  let (product, overflow) = x.multipliedReportingOverflow(by: x)
  return overflow ? nil : product
}
