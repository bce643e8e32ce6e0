/// How large the sieve's windows and slices are, derived from the caches of the machine it runs on.
///
/// ```swift
/// let sizes = SegmentSizes.forThisMachine
/// let sieve = WheelSieve(
///   windowBytes: sizes.windowBytes(forLimit: 2_038_074_743),
///   slice: sizes.slice,
///   expectedLimit: 2_038_074_743)
/// ```
///
/// The sieve works at two sizes, as primesieve does (its `get_sieve_size` and `Erat::init`):
/// - A slice is the level 1 data cache. The smallest sieving primes hit every cache line of a window
///   many times over, so they cross off one slice at a time, all of them, while the slice stays in
///   L1; primes below a tenth of the slice do (above that, the steps into and out of each slice
///   cost more than the cache saves).
/// - A window is what every other sieving prime visits at once. Every window visits every sieving
///   prime, so larger windows mean fewer visits, up to where the window no longer fits the level 2
///   cache beside the sieving primes: the largest power of two below each thread's share of L2,
///   and at most 16 slices. Up to that, a window grows with √limit (8 √limit bytes, so that even
///   the largest sieving prime hits a window many times), rounded up to whole slices.
///
/// The two sizes come from what the system reports (`CacheSizes.reported`). A cache it does not
/// report, or reports at an impossible size (an L1 data cache outside 8 KiB to 1 MiB, an L2 outside
/// 64 KiB to 256 MiB), is taken to be that of a common CPU: 32 KiB L1d, 512 KiB L2 per core, which
/// gives 32 KiB slices and windows of up to 256 KiB.
///
/// What this gives: 32 KiB slices and 256 KiB windows on a Zen 2 core (32 KiB L1d, 512 KiB L2);
/// 48 KiB and 512 KiB on a Zen 5 core (48 KiB, 1 MiB); 48 KiB and 768 KiB on a Xeon core with a
/// 2 MiB L2 of its own, 512 KiB when two hyperthreads share it; 128 KiB and 2 MiB on an Apple M1
/// performance core (128 KiB L1d, 12 MiB L2 shared by 4 cores).
struct SegmentSizes: Equatable, Sendable {
  /// Where the smallest sieving primes cross off.
  struct Slice: Equatable, Sendable {
    /// Bytes of a slice (30 numbers each): the L1 data cache.
    var bytes: Int
    /// Sieving primes below this cross off slice by slice.
    var primeLimit: Int
  }

  var slice: Slice
  /// Bytes of the largest window.
  var maximumWindowBytes: Int

  /// The sizes for this machine's caches.
  static let forThisMachine = SegmentSizes(caches: .reported)

  /// The caches assumed when the system does not report them, or reports them wrongly.
  static let fallbackCaches = CacheSizes(level1Data: 32 << 10, level2: 512 << 10, level2SharedBy: 1)

  init(caches: CacheSizes) {
    let level1Data = Self.plausible(caches.level1Data, in: 8 << 10...1 << 20) ?? 32 << 10
    let level2 = Self.plausible(caches.level2, in: 64 << 10...256 << 20) ?? 512 << 10
    // A cache shared by more CPUs than any machine has is a misreport: assume it is private.
    let sharedBy = Self.plausible(caches.level2SharedBy, in: 1...1024) ?? 1
    let level2PerThread = max(2, level2 / sharedBy)
    // The largest power of two below the share leaves room for the sieving primes (16 bytes each).
    let belowLevel2 = 1 << (Int.bitWidth - 1 - (level2PerThread - 1).leadingZeroBitCount)
    self.init(
      slice: Slice(bytes: level1Data, primeLimit: level1Data / 10),
      maximumWindowBytes: max(level1Data, min(16 * level1Data, belowLevel2)))
  }

  init(slice: Slice, maximumWindowBytes: Int) {
    self.slice = slice
    self.maximumWindowBytes = maximumWindowBytes
  }

  /// The window for sieving up to `limit`: 8 √`limit` bytes in whole slices, between one slice and
  /// `maximumWindowBytes`, and never more than the bytes up to `limit`.
  func windowBytes(forLimit limit: Int) -> Int {
    let wanted = 8 * Int(integerSquareRoot(UInt64(max(limit, 0))))
    let slices = max(1, (wanted + slice.bytes - 1) / slice.bytes)
    let bytes = min(slices * slice.bytes, max(maximumWindowBytes, slice.bytes))
    return max(1, min(bytes, limit / 30 + 1))
  }

  private static func plausible(_ value: Int?, in range: ClosedRange<Int>) -> Int? {
    value.flatMap { range.contains($0) ? $0 : nil }
  }
}
