/// The modulo-30 wheel that the prime sieve is laid out on.
///
/// Every prime above 5 leaves one of eight remainders modulo 30, so a byte holds the 30 numbers
/// `30 b ..< 30 b + 30` as eight bits, one per remainder, in ascending order. That is 8 bits for 30
/// numbers (3.75 numbers per bit, against 2 for an odds-only bit sieve): the sieve window holds more
/// numbers per byte of cache, and multiples of 2, 3 and 5 are never crossed off at all.
///
/// Crossing off the multiples `p * k` of a sieving prime `p = 30 q + a` walks the multipliers `k`
/// that are coprime to 30 too. Whether `k` starts with remainder `residues[j]`, the byte and the bit
/// of `p * k` move by amounts that depend only on `q`, on `a` and on `j`; this type tabulates them.
enum Wheel30 {
  /// The remainders modulo 30 of the numbers coprime to 30; bit `i` of a sieve byte stands for
  /// remainder `residues[i]`.
  static let residues: [Int] = [1, 7, 11, 13, 17, 19, 23, 29]

  /// `gaps[j]`: the distance from `residues[j]` to the next coprime remainder (31 after 29).
  static let gaps: [Int] = [6, 4, 2, 4, 2, 4, 6, 2]

  /// The bit that stands for remainder `r` modulo 30, or nil when `r` shares a factor with 30.
  static func bit(ofResidue r: Int) -> Int? {
    residues.firstIndex(of: r)
  }

  /// The masks that clear the bit of `p * k` for `p ≡ residues[a]` and `k ≡ residues[j]`, at index
  /// `8 a + j`. The remainder of `p * k` modulo 30 depends on these two remainders only.
  static let clearMasks: [UInt8] = (0..<64).map { index in
    let product = residues[index / 8] * residues[index % 8] % 30
    return ~UInt8(1 << (bit(ofResidue: product) ?? 0))
  }

  /// The carries of one step, at index `8 a + j`: moving from multiplier `k ≡ residues[j]` to the
  /// next coprime multiplier moves `p * k` forward by `p * gaps[j]` numbers, which is
  /// `q * gaps[j] + carries[8 a + j]` bytes for `p = 30 q + residues[a]`.
  static let carries: [Int] = (0..<64).map { index in
    let a = residues[index / 8]
    let j = index % 8
    return (a * residues[j] % 30 + a * gaps[j]) / 30
  }

  /// The byte offsets, at index `8 a + k`, of `p * residues[k]` from `p * 1`, less `q * (residues[k] - 1)`:
  /// within one turn of the wheel (30 p numbers, p bytes) the eight multiples of `p = 30 q + residues[a]`
  /// sit at bytes `q * (residues[k] - 1) + cycleCarries[8 a + k]` from the first.
  static let cycleCarries: [Int] = (0..<64).map { index in
    residues[index / 8] * residues[index % 8] / 30
  }

  /// For a multiplier `k`, how far it is to the next multiplier coprime to 30 (0 when `k` is), at
  /// index `k % 30`.
  static let distanceToCoprime: [Int] = (0..<30).map { r in
    (0..<30).first { residues.contains((r + $0) % 30) } ?? 0
  }
}
