import Testing

@testable import EffectfulPrimes

/// From the caches a system reports to the sieve's slices and windows: what Linux's sysfs says, the
/// sizes derived from it on the machines we know, and what happens when the system says nothing or
/// nonsense.
@Suite("Segment sizes")
struct SegmentSizesTests {
  static let kibibyte = 1 << 10
  static let mebibyte = 1 << 20

  @Test("sysfs sizes and CPU lists read as bytes and counts")
  func sysfsValues() {
    #expect(CacheSizes.bytes(inSysfsSize: "48K") == 48 * Self.kibibyte)
    #expect(CacheSizes.bytes(inSysfsSize: "2048K") == 2 * Self.mebibyte)
    #expect(CacheSizes.bytes(inSysfsSize: "32M") == 32 * Self.mebibyte)
    #expect(CacheSizes.bytes(inSysfsSize: "65536") == 64 * Self.kibibyte)
    for nonsense in ["", "K", "48KB", "4 8K", "-48K", "x", "99999999999999999999K", "9999999999999G"] {
      #expect(CacheSizes.bytes(inSysfsSize: nonsense) == nil, "\(nonsense)")
    }
    #expect(CacheSizes.count(inCPUList: "0") == 1)
    #expect(CacheSizes.count(inCPUList: "0-1") == 2)
    #expect(CacheSizes.count(inCPUList: "0,56") == 2)
    #expect(CacheSizes.count(inCPUList: "0-3,8-11") == 8)
    for nonsense in ["", "a", "3-1", "0-1-2", "0,,1"] {
      #expect(CacheSizes.count(inCPUList: nonsense) == nil, "\(nonsense)")
    }
  }

  @Test("Linux's cache directories give the L1 data and L2 caches, whatever their order")
  func linuxEntries() {
    // As on this project's Zen 5 machine, with the files' trailing newlines, in a shuffled order.
    let entries = [
      ["level": "3\n", "type": "Unified\n", "size": "32768K\n", "shared_cpu_list": "0-1\n"],
      ["level": "2\n", "type": "Unified\n", "size": "1024K\n", "shared_cpu_list": "0\n"],
      ["level": "1\n", "type": "Instruction\n", "size": "32K\n", "shared_cpu_list": "0\n"],
      ["level": "1\n", "type": "Data\n", "size": "48K\n", "shared_cpu_list": "0\n"],
    ]
    #expect(
      CacheSizes(linuxEntries: entries)
        == CacheSizes(level1Data: 48 * Self.kibibyte, level2: Self.mebibyte, level2SharedBy: 1))
    // A container without sysfs, or with only some of it.
    #expect(CacheSizes(linuxEntries: []) == CacheSizes())
    #expect(
      CacheSizes(linuxEntries: [["level": "1\n", "type": "Data\n", "size": "many\n"], ["level": "2\n"]])
        == CacheSizes())
  }

  @Test("the machines we know get slices of their L1d and windows below their L2")
  func knownMachines() {
    func sizes(l1d: Int, l2: Int, sharedBy: Int) -> (slice: Int, primeLimit: Int, window: Int) {
      let sizes = SegmentSizes(caches: CacheSizes(level1Data: l1d, level2: l2, level2SharedBy: sharedBy))
      return (sizes.slice.bytes, sizes.slice.primeLimit, sizes.maximumWindowBytes)
    }
    let (k, m) = (Self.kibibyte, Self.mebibyte)
    // Zen 2/3: 32 KiB L1d, 512 KiB L2.
    #expect(sizes(l1d: 32 * k, l2: 512 * k, sharedBy: 1) == (32 * k, 3_276, 256 * k))
    // Zen 5 (this project's machine): 48 KiB, 1 MiB.
    #expect(sizes(l1d: 48 * k, l2: m, sharedBy: 1) == (48 * k, 4_915, 512 * k))
    // A Xeon core with a 2 MiB L2 of its own (16 slices at most), and shared by two hyperthreads.
    #expect(sizes(l1d: 48 * k, l2: 2 * m, sharedBy: 1) == (48 * k, 4_915, 768 * k))
    #expect(sizes(l1d: 48 * k, l2: 2 * m, sharedBy: 2) == (48 * k, 4_915, 512 * k))
    // Apple M1's performance cores: 128 KiB L1d, 12 MiB L2 for 4 cores.
    #expect(sizes(l1d: 128 * k, l2: 12 * m, sharedBy: 4) == (128 * k, 13_107, 2 * m))
    // An L2 no larger than L1d (a misreport, but plausible sizes): still at least one slice.
    #expect(sizes(l1d: 64 * k, l2: 64 * k, sharedBy: 1) == (64 * k, 6_553, 64 * k))
  }

  @Test("unreported or impossible caches fall back to 32 KiB L1d and 512 KiB L2")
  func fallback() {
    let fallback = SegmentSizes(caches: SegmentSizes.fallbackCaches)
    #expect(fallback.slice == SegmentSizes.Slice(bytes: 32 << 10, primeLimit: 3_276))
    #expect(fallback.maximumWindowBytes == 256 << 10)
    #expect(SegmentSizes(caches: CacheSizes()) == fallback)
    for absurd in [Int.min, -1, 0, 1, 4 << 10, 2 << 20, 1 << 40, Int.max] {
      let l1 = SegmentSizes(caches: CacheSizes(level1Data: absurd, level2: 512 << 10, level2SharedBy: 1))
      #expect(l1 == fallback, "L1d \(absurd)")
    }
    for absurd in [Int.min, 0, 32 << 10, 1 << 30, Int.max] {
      let l2 = SegmentSizes(caches: CacheSizes(level1Data: 32 << 10, level2: absurd, level2SharedBy: 1))
      #expect(l2 == fallback, "L2 \(absurd)")
    }
    for absurd in [Int.min, 0, 1_025, Int.max] {
      let shared = SegmentSizes(
        caches: CacheSizes(level1Data: 32 << 10, level2: 512 << 10, level2SharedBy: absurd))
      #expect(shared == fallback, "L2 shared by \(absurd)")
    }
  }

  @Test("windows grow with √limit in whole slices, up to the largest, and never past the limit")
  func windowsGrow() {
    let sizes = SegmentSizes(caches: CacheSizes(level1Data: 48 << 10, level2: 1 << 20, level2SharedBy: 1))
    let slice = 48 << 10
    #expect(sizes.windowBytes(forLimit: 0) == 1)
    #expect(sizes.windowBytes(forLimit: 29) == 1)
    #expect(sizes.windowBytes(forLimit: 1_000_000) == 33_334)  // less than a slice: the bytes up to it
    #expect(sizes.windowBytes(forLimit: 10_000_000) == slice)  // 8 √limit = 25,296 bytes
    #expect(sizes.windowBytes(forLimit: 2_038_074_743) == 8 * slice)  // the 10^8th prime: 361,160
    #expect(sizes.windowBytes(forLimit: 22_801_763_489) == 512 << 10)  // the 10^9th: 1,208,000
    #expect(sizes.windowBytes(forLimit: Int.max) == 512 << 10)
    // However the machine's caches are sized, a window is at least one byte and at most the largest.
    let odd = SegmentSizes(slice: SegmentSizes.Slice(bytes: 7, primeLimit: 0), maximumWindowBytes: 5)
    #expect(odd.windowBytes(forLimit: Int.max) == 7)
    #expect(odd.windowBytes(forLimit: 100) == 4)
  }
}
