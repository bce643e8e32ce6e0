/// A prime whose multiples the sieve crosses off, and where its next multiple falls.
///
/// Sixteen bytes, so that the thousands of sieving primes a large search needs (14,000 for the
/// billionth prime) stay in the L2 cache while every window walks through all of them.
struct SievingPrime {
  /// The byte of the next multiple to cross off, counted from the start of the next window. A
  /// multiple that would lie beyond `Int.max` is parked at `Int.max / 2`, which no window reaches.
  var nextByte: Int
  /// The prime `p`, at least 59 (smaller ones are presieved) and at most √`Int.max`.
  let prime: UInt32
  /// `j` such that the next multiple is `p * k` with `k ≡ Wheel30.residues[j]` (mod 30).
  var wheelIndex: UInt8
  /// `a` such that `p ≡ Wheel30.residues[a]` (mod 30).
  let residueIndex: UInt8

  /// The multiple that no window reaches: where the prime stays once its next multiple overflows.
  static let unreachable = Int.max / 2

  /// The state of `prime` in a sieve whose next window starts at byte `startByte` (number
  /// `30 * startByte`): its first multiple there is the smallest `p * k ≥ max(p², 30 * startByte)`
  /// with `k` coprime to 30 (smaller multiples have a smaller prime factor, which crosses them off).
  init(prime: Int, startByte: Int) {
    self.prime = UInt32(prime)
    residueIndex = UInt8(Wheel30.bit(ofResidue: prime % 30) ?? 0)
    let firstNumber = 30 * startByte
    var multiplier = prime
    if prime * prime < firstNumber {
      multiplier = (firstNumber - 1) / prime + 1
      multiplier += Wheel30.distanceToCoprime[multiplier % 30]
    }
    wheelIndex = UInt8(Wheel30.bit(ofResidue: multiplier % 30) ?? 0)
    let (multiple, overflow) = prime.multipliedReportingOverflow(by: multiplier)
    nextByte = overflow ? Self.unreachable : multiple / 30 - startByte
  }
}
