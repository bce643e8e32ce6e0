/// A segmented sieve of Eratosthenes on the modulo-30 wheel: the primes above 5, one window of
/// consecutive numbers at a time, as one bit per number coprime to 30.
///
/// ```swift
/// let sizes = SegmentSizes.forThisMachine
/// let sieve = WheelSieve(
///   windowBytes: sizes.windowBytes(forLimit: 1_000_000),
///   slice: sizes.slice,
///   expectedLimit: 1_000_000)
/// while sieve.advance() {
///   // the primes above 5 in sieve.numbers
///   let primes = sieve.primeCountInWindow()
/// }
/// ```
///
/// How a window is sieved, and why:
/// - Byte `b` holds the eight numbers `30 b + 1, 30 b + 7, …, 30 b + 29` (see `Wheel30`), so a
///   32 KB window covers 983,040 numbers. Windows and slices are sized from the machine's caches
///   (see `SegmentSizes`): a window fits the L2 cache, a slice the L1 data cache.
/// - The window starts as a copy of repeating patterns that already lack the multiples of 7 to 53
///   (see `Presieve`): those primes would cost the most to cross off one by one.
/// - Each larger prime up to the square root of the window's end crosses off its multiples from its
///   square on (`CrossOff`), and remembers where its next multiple falls, so that the next window
///   picks up there without a division. The smallest of them, which hit every cache line many
///   times, do so one L1-sized slice at a time, all of them on one slice before the next; the
///   others go through the whole window at once.
/// - What is left set is prime; counting is a popcount over 64-bit words.
///
/// Memory: one window plus 16 bytes for each sieving prime (the primes up to the square root of
/// the largest number reached) and 4 bytes for each base prime. Base primes are computed up front
/// for `expectedLimit`, at most up to 2^20 (a cancellation check must not wait for megabytes of
/// base primes nobody may need), and grown on demand as windows reach higher.
///
/// Numbers from `30 * WheelSieve.endByte` on (the last 8 numbers up to `Int.max`, none of them
/// prime) are never sieved: the sieve is exhausted there.
final class WheelSieve {
  /// One past the last byte the sieve covers: every byte below it holds numbers up to `Int.max`.
  static let endByte = (Int.max - 29) / 30 + 1

  private static let maximumUpfrontBasePrimeLimit = 1 << 20

  /// The first byte of the current window: it starts at number `30 * startByte`.
  private(set) var startByte: Int
  /// How many bytes the current window holds (0 before the first `advance()`).
  private(set) var length = 0

  private let windowBytes: Int
  private let slice: SegmentSizes.Slice
  private let window: UnsafeMutablePointer<UInt8>
  private let tables: UnsafeMutablePointer<Int>
  private let masks: UnsafeMutablePointer<UInt8>
  private var nextStartByte: Int
  /// Where the windows stop: `WheelSieve.endByte` unless `move(toByte:stoppingAt:)` says otherwise.
  private var stopByte = WheelSieve.endByte

  /// The primes above the presieved ones, up to `basePrimeLimit`, ascending.
  private var basePrimes: [UInt32]
  private var basePrimeLimit: Int
  /// The base primes whose square has been reached, in the same order.
  private var sievingPrimes: [SievingPrime] = []

  /// - Parameters:
  ///   - windowBytes: bytes per window (30 numbers each); at least 1.
  ///   - slice: how the smallest sieving primes cross off; by default slices of this machine's L1
  ///     data cache (see `SegmentSizes`).
  ///   - expectedLimit: the largest number the caller expects to reach, to size the base primes.
  ///   - startByte: where the first window starts (number `30 * startByte`).
  init(
    windowBytes: Int, slice: SegmentSizes.Slice = SegmentSizes.forThisMachine.slice, expectedLimit: Int,
    startByte: Int = 0
  ) {
    self.windowBytes = max(1, windowBytes)
    self.slice = SegmentSizes.Slice(bytes: max(1, slice.bytes), primeLimit: slice.primeLimit)
    // Rounded up to whole words, zeroed, so that counting can read 8 bytes at a time.
    let capacity = (self.windowBytes + 7) / 8 * 8
    window = .allocate(capacity: capacity)
    window.initialize(repeating: 0, count: capacity)
    tables = .allocate(capacity: 8 + 64)
    tables.initialize(from: Wheel30.gaps + Wheel30.carries, count: 8 + 64)
    masks = .allocate(capacity: 64)
    masks.initialize(from: Wheel30.clearMasks, count: 64)
    let root = Int(integerSquareRoot(UInt64(max(expectedLimit, 0))))
    basePrimeLimit = min(root, Self.maximumUpfrontBasePrimeLimit)
    basePrimes = sievingPrimeCandidates(through: basePrimeLimit)
    self.startByte = startByte
    nextStartByte = startByte
  }

  deinit {
    window.deallocate()
    tables.deallocate()
    masks.deallocate()
  }

  /// The numbers the current window stands for (those coprime to 30 among them); empty before the
  /// first window.
  var numbers: Range<Int> { 30 * startByte..<30 * (startByte + length) }

  /// Makes the next window start at byte `byte`, as if the sieve had been created there, and the
  /// windows stop at `stopByte` (the last one shortened to end there). Keeps the base primes, so
  /// moving costs one division per sieving prime instead of a new sieve.
  func move(toByte byte: Int, stoppingAt stopByte: Int = WheelSieve.endByte) {
    nextStartByte = byte
    self.stopByte = min(stopByte, Self.endByte)
    sievingPrimes.removeAll(keepingCapacity: true)
  }

  /// Whether `advance()` has another window to sieve.
  var hasWindowsLeft: Bool { nextStartByte < stopByte }

  /// Sieves the next window. Returns false, leaving the window empty, at the stop byte (by default
  /// `WheelSieve.endByte`).
  func advance() -> Bool {
    startByte = nextStartByte
    length = min(windowBytes, stopByte - startByte)
    guard length > 0 else {
      length = 0
      return false
    }
    nextStartByte = startByte + length
    let last = numbers.upperBound - 1
    growBasePrimes(through: Int(integerSquareRoot(UInt64(last))))
    activateSievingPrimes(through: last)
    Presieve.fill(window, count: length, startByte: startByte)
    // Zero the rest of the last word, which a short last window leaves stale, so that searching
    // by words never sees bits beyond the window.
    (window + length).update(repeating: 0, count: (length + 7) / 8 * 8 - length)
    mendSmallestNumbers()
    crossOff()
    return true
  }

  /// How many primes the current window holds (never 2, 3 or 5: they are not on the wheel).
  func primeCountInWindow() -> Int {
    bitCount(throughByte: length - 1, lastByteMask: 0xFF)
  }

  /// How many primes of the current window are at most `x`.
  func primeCountInWindow(through x: Int) -> Int {
    guard x >= 30 * startByte else { return 0 }
    let byte = x / 30 - startByte
    guard byte < length else { return primeCountInWindow() }
    let bitsAtMostX = Wheel30.residues.enumerated().reduce(UInt8(0)) { mask, bit in
      bit.element <= x % 30 ? mask | 1 << bit.offset : mask
    }
    return bitCount(throughByte: byte, lastByteMask: bitsAtMostX)
  }

  /// The `k`-th prime (1-based) of the current window, or nil if the window holds fewer than `k`.
  func prime(atPositionInWindow k: Int) -> Int? {
    guard k >= 1 else { return nil }
    var remaining = k
    let words = UnsafeRawPointer(window)
    var offset = 0
    while offset < length {
      var word = words.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      let count = word.nonzeroBitCount
      if remaining > count {
        remaining -= count
        offset += 8
        continue
      }
      // Only the last word is scanned bit by bit: drop its lowest set bits until the k-th.
      for _ in 1..<remaining { word &= word - 1 }
      let bit = word.trailingZeroBitCount
      return 30 * (startByte + offset + bit / 8) + Wheel30.residues[bit % 8]
    }
    return nil
  }

  /// The set bits of bytes `0 ..< byte` and of `lastByteMask` in byte `byte`.
  private func bitCount(throughByte byte: Int, lastByteMask: UInt8) -> Int {
    let words = UnsafeRawPointer(window)
    var count = 0
    var offset = 0
    while offset + 8 <= byte {
      count += words.loadUnaligned(fromByteOffset: offset, as: UInt64.self).nonzeroBitCount
      offset += 8
    }
    while offset < byte {
      count += window[offset].nonzeroBitCount
      offset += 1
    }
    return count + (window[byte] & lastByteMask).nonzeroBitCount
  }

  /// The presieve patterns mark 1 as a candidate and the presieved primes as composite: both live
  /// in bytes 0 and 1.
  private func mendSmallestNumbers() {
    guard startByte < 2 else { return }
    if startByte == 0 { window[0] &= 0xFE }
    for prime in Presieve.primes {
      let byte = prime / 30 - startByte
      if byte >= 0, byte < length, let bit = Wheel30.bit(ofResidue: prime % 30) {
        window[byte] |= 1 << bit
      }
    }
  }

  /// Makes sure every prime up to `root` is a base prime; doubling keeps re-sieving linear.
  private func growBasePrimes(through root: Int) {
    guard root > basePrimeLimit else { return }
    basePrimeLimit = min(max(root, 2 * basePrimeLimit), largestUsefulBasePrime)
    basePrimes = sievingPrimeCandidates(through: basePrimeLimit)
  }

  /// Starts sieving with the base primes whose square the window reaches.
  private func activateSievingPrimes(through last: Int) {
    while sievingPrimes.count < basePrimes.count {
      let prime = Int(basePrimes[sievingPrimes.count])
      guard prime * prime <= last else { return }
      sievingPrimes.append(SievingPrime(prime: prime, startByte: startByte))
    }
  }

  private func crossOff() {
    let kernels = CrossOff(
      gaps: UnsafePointer(tables), carries: UnsafePointer(tables + 8), clearMasks: UnsafePointer(masks))
    let window = self.window
    let length = self.length
    let slice = self.slice
    sievingPrimes.withUnsafeMutableBufferPointer { sievingPrimes in
      // The primes below the slice's limit, slice after slice: each slice stays in L1 while they
      // all cross it off. A prime's next multiple is kept relative to the next slice, as it is to
      // the next window.
      var slicedCount = 0
      while slicedCount < sievingPrimes.count, Int(sievingPrimes[slicedCount].prime) < slice.primeLimit {
        slicedCount += 1
      }
      var sliceStart = 0
      while slicedCount > 0, sliceStart < length {
        let sliceLength = min(slice.bytes, length - sliceStart)
        crossOff(
          .init(rebasing: sievingPrimes[..<slicedCount]), in: window + sliceStart, length: sliceLength,
          kernels)
        sliceStart += sliceLength
      }
      crossOff(.init(rebasing: sievingPrimes[slicedCount...]), in: window, length: length, kernels)
    }
  }

  /// Crosses off the multiples of `primes` in `window[0 ..< length]`, a whole window or a slice.
  @inline(__always)
  private func crossOff(
    _ primes: UnsafeMutableBufferPointer<SievingPrime>, in window: UnsafeMutablePointer<UInt8>,
    length: Int, _ kernels: CrossOff
  ) {
    // Primes whose turn of the wheel (p bytes) fits go through the unrolled loop.
    var index = 0
    while index < primes.count, Int(primes[index].prime) < length {
      kernels.dense(&primes[index], in: window, length: length)
      index += 1
    }
    while index < primes.count {
      kernels.sparse(&primes[index], in: window, length: length)
      index += 1
    }
  }
}
