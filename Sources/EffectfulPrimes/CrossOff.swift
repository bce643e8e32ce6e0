/// The inner loops of the sieve: crossing off one prime's multiples in one window.
///
/// Nearly all of the time of a large search is spent here, so the loops work on raw pointers (no
/// bounds or exclusivity checks), read the wheel's steps from a table that a sieve copies once, and
/// add without overflow checks: every index stays below the window length plus one step of the
/// prime (at most 6 p / 30 + 1 bytes, p < 2^32), far from `Int.max`.
struct CrossOff {
  /// `Wheel30.gaps`, `Wheel30.carries`, `Wheel30.cycleCarries` and `Wheel30.clearMasks`, in memory
  /// the sieve owns.
  let gaps: UnsafePointer<Int>
  let carries: UnsafePointer<Int>
  let cycleCarries: UnsafePointer<Int>
  let clearMasks: UnsafePointer<UInt8>

  /// Crosses off the multiples of a prime that hits a window many times (its turn of the wheel, `p`
  /// bytes, is shorter than the window).
  ///
  /// One turn of the wheel crosses off eight multiples at fixed offsets from each other, so whole
  /// turns are unrolled: eight stores and one add per turn, no table lookups. The steps before the
  /// first whole turn and after the last are taken one multiple at a time.
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
    // The multiples p·1, p·7, …, p·29 of one turn, as offsets from p·1 (see Wheel30.cycleCarries).
    let o1 = q &* 6 &+ cycleCarries[row + 1]
    let o2 = q &* 10 &+ cycleCarries[row + 2]
    let o3 = q &* 12 &+ cycleCarries[row + 3]
    let o4 = q &* 16 &+ cycleCarries[row + 4]
    let o5 = q &* 18 &+ cycleCarries[row + 5]
    let o6 = q &* 22 &+ cycleCarries[row + 6]
    let o7 = q &* 28 &+ cycleCarries[row + 7]
    let m0 = clearMasks[row]
    let m1 = clearMasks[row + 1]
    let m2 = clearMasks[row + 2]
    let m3 = clearMasks[row + 3]
    let m4 = clearMasks[row + 4]
    let m5 = clearMasks[row + 5]
    let m6 = clearMasks[row + 6]
    let m7 = clearMasks[row + 7]
    while i &+ o7 < length {
      window[i] &= m0
      window[i &+ o1] &= m1
      window[i &+ o2] &= m2
      window[i &+ o3] &= m3
      window[i &+ o4] &= m4
      window[i &+ o5] &= m5
      window[i &+ o6] &= m6
      window[i &+ o7] &= m7
      i &+= p
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

  @inline(__always)
  private func save(_ sievingPrime: inout SievingPrime, byte: Int, wheelIndex: Int) {
    sievingPrime.nextByte = byte
    sievingPrime.wheelIndex = UInt8(truncatingIfNeeded: wheelIndex)
  }
}
