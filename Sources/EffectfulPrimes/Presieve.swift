/// The multiples of the primes 7 to 53, removed from a sieve window by copying repeating patterns
/// instead of crossing them off one by one.
///
/// On the modulo-30 wheel (see `Wheel30`) the multiples of a prime `p` repeat every `p` bytes, so
/// the multiples of several primes repeat every product-of-those-primes bytes. Small primes are the
/// expensive ones to cross off (7 alone hits a byte of every 7 or so), yet their combined pattern is
/// cheap to lay down: one copy and four ANDs, eight bytes at a time. The grouping keeps each pattern
/// short enough (at most 17,017 bytes) to stay in cache next to the window.
enum Presieve {
  /// The groups of primes, one pattern each: 7·11·13·17 = 17,017 bytes, 19·23·29 = 12,673,
  /// 31·37 = 1,147, 41·43 = 1,763 and 47·53 = 2,491.
  static let primeGroups: [[Int]] = [[7, 11, 13, 17], [19, 23, 29], [31, 37], [41, 43], [47, 53]]

  /// Every prime the patterns remove, ascending; the sieve crosses off only primes above these.
  static let primes: [Int] = primeGroups.flatMap { $0 }

  /// The largest presieved prime: 53.
  static let largestPrime = 53

  /// One period of each group's pattern: bit `i` of byte `b` is clear iff `30 b + Wheel30.residues[i]`
  /// is a multiple of a prime of the group.
  private static let patterns: [[UInt8]] = primeGroups.map { group in
    let period = group.reduce(1, *)
    var pattern = [UInt8](repeating: 0xFF, count: period)
    let bits = (0..<30).map { Wheel30.bit(ofResidue: $0) }
    for prime in group {
      // Odd multiples only: the even ones are not on the wheel.
      for multiple in stride(from: prime, to: 30 * period, by: 2 * prime) {
        if let bit = bits[multiple % 30] { pattern[multiple / 30] &= ~(1 << bit) }
      }
    }
    return pattern
  }

  /// Fills `window[0 ..< count]`, the bytes that start at absolute byte `startByte`, with every
  /// number coprime to 2, 3, 5, …, 53 marked as a candidate prime.
  ///
  /// The presieved primes themselves and the number 1 are marked wrongly (as composite and as a
  /// candidate); the sieve mends the first two bytes, where they live.
  static func fill(_ window: UnsafeMutablePointer<UInt8>, count: Int, startByte: Int) {
    for (index, pattern) in patterns.enumerated() {
      pattern.withUnsafeBufferPointer { pattern in
        // The first pattern overwrites whatever the window held; the others narrow it down.
        apply(pattern, to: window, count: count, startByte: startByte, overwrite: index == 0)
      }
    }
  }

  /// Lays `pattern`, repeated and shifted to line up with `startByte`, over the window.
  private static func apply(
    _ pattern: UnsafeBufferPointer<UInt8>, to window: UnsafeMutablePointer<UInt8>, count: Int,
    startByte: Int, overwrite: Bool
  ) {
    guard let source = pattern.baseAddress else { return }
    let period = pattern.count
    var offset = startByte % period
    var done = 0
    while done < count {
      let run = min(period - offset, count - done)
      combine(
        UnsafeMutableRawPointer(window + done), UnsafeRawPointer(source + offset), run,
        overwrite: overwrite)
      done += run
      offset = 0
    }
  }

  /// `destination[i] = source[i]` or `destination[i] &= source[i]` for `i < count`, a word at a time.
  private static func combine(
    _ destination: UnsafeMutableRawPointer, _ source: UnsafeRawPointer, _ count: Int, overwrite: Bool
  ) {
    if overwrite {
      destination.copyMemory(from: source, byteCount: count)
      return
    }
    var i = 0
    while i + 8 <= count {
      let word =
        destination.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        & source.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      destination.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
      i += 8
    }
    while i < count {
      let byte =
        destination.load(fromByteOffset: i, as: UInt8.self) & source.load(fromByteOffset: i, as: UInt8.self)
      destination.storeBytes(of: byte, toByteOffset: i, as: UInt8.self)
      i += 1
    }
  }
}
