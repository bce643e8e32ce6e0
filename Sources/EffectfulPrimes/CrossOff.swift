/// The inner loops of the sieve: crossing off one prime's multiples in one window.
///
/// Nearly all of the time of a large search is spent here, so the loops work on raw pointers (no
/// bounds or exclusivity checks), read the wheel's steps from a table that a sieve copies once, and
/// add without overflow checks: every index stays below the window length plus one step of the
/// prime (at most 6 p / 30 + 1 bytes, p < 2^32), far from `Int.max`.
struct CrossOff {
  /// `Wheel30.gaps`, `Wheel30.carries` and `Wheel30.clearMasks`, in memory the sieve owns.
  let gaps: UnsafePointer<Int>
  let carries: UnsafePointer<Int>
  let clearMasks: UnsafePointer<UInt8>

  /// Crosses off the multiples of a prime that hits a window many times (its turn of the wheel, `p`
  /// bytes, is shorter than the window).
  ///
  /// One turn of the wheel crosses off eight multiples at fixed offsets from each other, so whole
  /// turns are unrolled (`unrolledTurns`): eight stores and one add per turn, no table lookups. The
  /// steps before the first whole turn and after the last are taken one multiple at a time.
  @inline(__always)
  func dense(_ sievingPrime: inout SievingPrime, in window: UnsafeMutablePointer<UInt8>, length: Int) {
    let p = Int(sievingPrime.prime)
    let q = p / 30
    let row = 8 * Int(sievingPrime.residueIndex)
    var i = sievingPrime.nextByte
    var j = Int(sievingPrime.wheelIndex)
    while j != 0 {
      guard i < length else { return save(&sievingPrime, byte: i - length, wheelIndex: j) }
      window[i] &= clearMasks[row + j]
      i &+= q &* gaps[j] &+ carries[row + j]
      j = (j &+ 1) & 7
    }
    // Whole turns, with the masks and carries of p's residue class written out as constants (the
    // rows of `Wheel30.clearMasks` and `Wheel30.cycleCarries`; `WheelSieveTests` checks each class):
    // as immediates they free the registers the eight offsets need (5% faster at the 10^8th prime).
    @inline(__always)
    func turns(
      _ i: Int, masks: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8),
      carries: (Int, Int, Int, Int, Int, Int, Int)
    ) -> Int {
      unrolledTurns(window, from: i, length: length, prime: p, masks: masks, carries: carries)
    }
    switch sievingPrime.residueIndex {
    case 0:  // p ≡ 1
      i = turns(i, masks: (0xFE, 0xFD, 0xFB, 0xF7, 0xEF, 0xDF, 0xBF, 0x7F), carries: (0, 0, 0, 0, 0, 0, 0))
    case 1:  // p ≡ 7
      i = turns(i, masks: (0xFD, 0xDF, 0xEF, 0xFE, 0x7F, 0xF7, 0xFB, 0xBF), carries: (1, 2, 3, 3, 4, 5, 6))
    case 2:  // p ≡ 11
      i = turns(i, masks: (0xFB, 0xEF, 0xFE, 0xBF, 0xFD, 0x7F, 0xF7, 0xDF), carries: (2, 4, 4, 6, 6, 8, 10))
    case 3:  // p ≡ 13
      i = turns(i, masks: (0xF7, 0xFE, 0xBF, 0xDF, 0xFB, 0xFD, 0x7F, 0xEF), carries: (3, 4, 5, 7, 8, 9, 12))
    case 4:  // p ≡ 17
      i = turns(i, masks: (0xEF, 0x7F, 0xFD, 0xFB, 0xDF, 0xBF, 0xFE, 0xF7), carries: (3, 6, 7, 9, 10, 13, 16))
    case 5:  // p ≡ 19
      i = turns(
        i, masks: (0xDF, 0xF7, 0x7F, 0xFD, 0xBF, 0xFE, 0xEF, 0xFB), carries: (4, 6, 8, 10, 12, 14, 18))
    case 6:  // p ≡ 23
      i = turns(
        i, masks: (0xBF, 0xFB, 0xF7, 0x7F, 0xFE, 0xEF, 0xDF, 0xFD), carries: (5, 8, 9, 13, 14, 17, 22))
    default:  // p ≡ 29
      i = turns(
        i, masks: (0x7F, 0xBF, 0xDF, 0xEF, 0xF7, 0xFB, 0xFD, 0xFE), carries: (6, 10, 12, 16, 18, 22, 28))
    }
    while i < length {
      window[i] &= clearMasks[row + j]
      i &+= q &* gaps[j] &+ carries[row + j]
      j &+= 1
    }
    save(&sievingPrime, byte: i - length, wheelIndex: j & 7)
  }

  /// Crosses off the multiples of a prime that hits a window a few times at most, one at a time.
  @inline(__always)
  func sparse(_ sievingPrime: inout SievingPrime, in window: UnsafeMutablePointer<UInt8>, length: Int) {
    var i = sievingPrime.nextByte
    guard i < length else {
      sievingPrime.nextByte = i - length
      return
    }
    let q = Int(sievingPrime.prime) / 30
    let row = 8 * Int(sievingPrime.residueIndex)
    var j = Int(sievingPrime.wheelIndex)
    repeat {
      window[i] &= clearMasks[row + j]
      i &+= q &* gaps[j] &+ carries[row + j]
      j = (j &+ 1) & 7
    } while i < length
    save(&sievingPrime, byte: i - length, wheelIndex: j)
  }

  /// Crosses off whole turns of the wheel from byte `start`, where `p * k` with `k ≡ 1` (mod 30)
  /// falls, while a whole turn fits; returns where the next turn starts.
  ///
  /// The eight multiples p·1, p·7, …, p·29 of a turn sit at `q * (residue - 1) + carry` bytes from
  /// the first (`p = 30 q + a`), and the next turn starts `p` bytes on.
  @inline(__always)
  private func unrolledTurns(
    _ window: UnsafeMutablePointer<UInt8>, from start: Int, length: Int, prime p: Int,
    masks m: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8),
    carries c: (Int, Int, Int, Int, Int, Int, Int)
  ) -> Int {
    let q = p / 30
    let o1 = q &* 6 &+ c.0
    let o2 = q &* 10 &+ c.1
    let o3 = q &* 12 &+ c.2
    let o4 = q &* 16 &+ c.3
    let o5 = q &* 18 &+ c.4
    let o6 = q &* 22 &+ c.5
    let o7 = q &* 28 &+ c.6
    var i = start
    while i &+ o7 < length {
      window[i] &= m.0
      window[i &+ o1] &= m.1
      window[i &+ o2] &= m.2
      window[i &+ o3] &= m.3
      window[i &+ o4] &= m.4
      window[i &+ o5] &= m.5
      window[i &+ o6] &= m.6
      window[i &+ o7] &= m.7
      i &+= p
    }
    return i
  }

  @inline(__always)
  private func save(_ sievingPrime: inout SievingPrime, byte: Int, wheelIndex: Int) {
    sievingPrime.nextByte = byte
    sievingPrime.wheelIndex = UInt8(truncatingIfNeeded: wheelIndex)
  }
}
