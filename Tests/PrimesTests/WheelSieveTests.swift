import Testing

@testable import EffectfulPrimes

/// The sieve's internals, checked with tiny windows so that every kind of window boundary occurs.
@Suite("WheelSieve")
struct WheelSieveTests {
  @Test("windows of any length find exactly the primes above 5", arguments: [1, 2, 3, 7, 8, 9, 64, 1_000])
  func windowLengths(windowBytes: Int) {
    let limit = 60_000
    let table = referenceIsPrimeTable(below: limit + 30 * windowBytes + 30)
    // An expected limit of 0 forces the base primes to grow on demand as well.
    let sieve = WheelSieve(windowBytes: windowBytes, expectedLimit: 0)
    var found: [Int] = []
    while sieve.numbers.upperBound <= limit, sieve.advance() {
      var k = 1
      while let prime = sieve.prime(atPositionInWindow: k) {
        found.append(prime)
        k += 1
      }
      #expect(sieve.primeCountInWindow() == k - 1)
    }
    let expected = (7..<sieve.numbers.upperBound).filter { table[$0] }
    #expect(found == expected)
  }

  @Test(
    "the smallest primes cross off slice by slice, whatever the slice and the window",
    arguments: [(1, 1_000), (7, 64), (64, 1_000), (100, 1_000), (1_000, 1_000), (1_024, 4_096)])
  func slices(sliceBytes: Int, windowBytes: Int) {
    let limit = 200_000
    let table = referenceIsPrimeTable(below: limit + 30 * windowBytes + 30)
    // Prime limits below the smallest sieving prime (59), within the slice and beyond it: the
    // slices then hold none, some, or all of the sieving primes, some longer than the slice.
    for primeLimit in [0, 200, 5 * sliceBytes, limit] {
      let sieve = WheelSieve(
        windowBytes: windowBytes, slice: SegmentSizes.Slice(bytes: sliceBytes, primeLimit: primeLimit),
        expectedLimit: limit)
      var count = 0
      while sieve.numbers.upperBound <= limit, sieve.advance() { count += sieve.primeCountInWindow() }
      let expected = (7..<sieve.numbers.upperBound).filter { table[$0] }.count
      #expect(count == expected, "slices of \(sliceBytes) for primes below \(primeLimit)")
    }
  }

  @Test("a sieve moved anywhere finds the primes there", arguments: [0, 1, 2, 3, 100, 1_234, 99_999])
  func moved(startByte: Int) {
    let limit = 30 * (startByte + 700)
    let table = referenceIsPrimeTable(below: limit)
    let sieve = WheelSieve(windowBytes: 64, expectedLimit: 10)
    _ = sieve.advance()  // sieving primes in flight, which the move must reset
    sieve.move(toByte: startByte, stoppingAt: startByte + 700)
    var count = 0
    while sieve.hasWindowsLeft, sieve.advance() { count += sieve.primeCountInWindow() }
    #expect(!sieve.advance())
    #expect(count == (max(7, 30 * startByte)..<limit).filter { table[$0] }.count)
  }

  @Test("π(x) matches a plain sieve")
  func primeCounts() {
    let table = referenceIsPrimeTable(below: 200_001)
    var count = 0
    var mismatches: [Int] = []
    for x in 0...200_000 {
      if table[x] { count += 1 }
      if x < 2_000 || x.isMultiple(of: 997), primeCount(through: x) != count {
        mismatches.append(x)
      }
    }
    #expect(mismatches.isEmpty)
    #expect(primeCount(through: 1_000_000) == 78_498)
  }

  @Test("the sieve ends at the last whole byte below Int.max")
  func endOfInt() {
    // Sieving up there would need the base primes up to 3 × 10^9, so only the end itself is checked:
    // the 8 numbers from 30 × endByte to Int.max are composite (2^63 - 25 is the largest prime).
    #expect(30 * WheelSieve.endByte == Int.max - 7)
    let sieve = WheelSieve(windowBytes: 4, expectedLimit: 100)
    sieve.move(toByte: WheelSieve.endByte)
    #expect(!sieve.hasWindowsLeft)
    #expect(!sieve.advance())
    #expect(sieve.numbers.isEmpty)
  }

  @Test(
    "crossing off clears exactly the multiples of a prime of each residue class, window after window",
    arguments: [61, 67, 71, 73, 107, 79, 83, 89, 1_201])
  func crossOff(prime: Int) {
    let length = 1_000
    let window = UnsafeMutablePointer<UInt8>.allocate(capacity: length)
    defer { window.deallocate() }
    var sievingPrime = SievingPrime(prime: prime, startByte: 0)
    var mismatches: [Int] = []
    Wheel30.gaps.withUnsafeBufferPointer { gaps in
      Wheel30.carries.withUnsafeBufferPointer { carries in
        Wheel30.clearMasks.withUnsafeBufferPointer { masks in
          let kernels = CrossOff(
            gaps: gaps.baseAddress!, carries: carries.baseAddress!, clearMasks: masks.baseAddress!)
          for windowIndex in 0..<3 {
            window.initialize(repeating: 0xFF, count: length)
            // The unrolled loop where a turn (p bytes) fits the window, one at a time where not.
            if prime < length {
              kernels.dense(&sievingPrime, in: window, length: length)
            } else {
              kernels.sparse(&sievingPrime, in: window, length: length)
            }
            for byte in 0..<length {
              for (bit, residue) in Wheel30.residues.enumerated() {
                let number = 30 * (windowIndex * length + byte) + residue
                let isCrossedOff = window[byte] & (1 << bit) == 0
                if isCrossedOff != (number >= prime * prime && number.isMultiple(of: prime)) {
                  mismatches.append(number)
                }
              }
            }
          }
        }
      }
    }
    #expect(mismatches.isEmpty)
  }

  @Test("the presieve patterns remove exactly the multiples of 7 to 53")
  func presieve() {
    let startByte = 17_017 * 3 - 5  // across a period boundary of the longest pattern
    let window = UnsafeMutablePointer<UInt8>.allocate(capacity: 40_000)
    defer { window.deallocate() }
    Presieve.fill(window, count: 40_000, startByte: startByte)
    var wrong: [Int] = []
    for byte in 0..<40_000 {
      for (bit, residue) in Wheel30.residues.enumerated() {
        let number = 30 * (startByte + byte) + residue
        let isCandidate = window[byte] & (1 << bit) != 0
        if isCandidate != !Presieve.primes.contains(where: { number.isMultiple(of: $0) }) {
          wrong.append(number)
        }
      }
    }
    #expect(wrong.isEmpty)
  }

  @Test("the Rosser–Schoenfeld bound holds, and li⁻¹(n) less its margin stays below the n-th prime")
  func bounds() {
    for n in 1...2_000 {
      let prime = nthPrime(n) ?? 0
      #expect(prime <= nthPrimeUpperBound(n), "n = \(n)")
      #expect(nthPrimeLowerEstimate(n) <= prime, "n = \(n)")
    }
    #expect(nthPrimeUpperBound(Int.max) == Int.max)
    // Close below the answer for large n too: within 0.1%.
    for (n, prime) in [(1_000_000, 15_485_863), (10_000_000, 179_424_673), (1_000_000_000, 22_801_763_489)] {
      let estimate = nthPrimeLowerEstimate(n)
      #expect(estimate < prime && estimate > prime - prime / 1_000, "n = \(n)")
    }
  }
}
