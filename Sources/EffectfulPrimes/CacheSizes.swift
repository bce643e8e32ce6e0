#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The caches of one core as the operating system reports them, from which the sieve sizes its
/// windows and slices (see `SegmentSizes`).
///
/// ```swift
/// // Read once: Linux's sysfs, or sysctl on Apple platforms.
/// let caches = CacheSizes.reported
/// // On a Zen 5 core:
/// // CacheSizes(level1Data: 49_152, level2: 1_048_576, level2SharedBy: 1)
/// ```
///
/// Every field is nil when the system does not say (a container without sysfs, another OS): the
/// sizes derived from it then fall back to those of a common CPU. The values are taken as reported;
/// judging whether they are plausible is `SegmentSizes`' job, where it can be tested.
struct CacheSizes: Equatable, Sendable {
  /// Bytes of level 1 data cache.
  var level1Data: Int?
  /// Bytes of level 2 cache (unified, or data).
  var level2: Int?
  /// How many logical CPUs share that level 2 cache: 1 when it is private to one, 2 when two
  /// hyperthreads of a core share it, more when a cluster of cores does (Apple's chips).
  var level2SharedBy: Int?

  /// This machine's caches, read on first use.
  static let reported = CacheSizes.read()

  private static func read() -> CacheSizes {
    #if canImport(Darwin)
      // Apple silicon describes its performance cores in perflevel0 (the plain names describe
      // one kind of core, or the whole chip); Intel Macs only have the plain names.
      return CacheSizes(
        level1Data: sysctlInteger("hw.perflevel0.l1dcachesize") ?? sysctlInteger("hw.l1dcachesize"),
        level2: sysctlInteger("hw.perflevel0.l2cachesize") ?? sysctlInteger("hw.l2cachesize"),
        level2SharedBy: sysctlInteger("hw.perflevel0.cpusperl2"))
    #else
      // Linux describes each cache of CPU 0 in a directory index0, index1, … up to the first
      // missing one; their order is not promised, so each says its level and type.
      var entries: [[String: String]] = []
      for index in 0..<16 {
        let directory = "/sys/devices/system/cpu/cpu0/cache/index\(index)"
        let files = ["level", "type", "size", "shared_cpu_list"].compactMap { name in
          contents(ofFile: "\(directory)/\(name)").map { (name, $0) }
        }
        if files.isEmpty { break }
        entries.append(Dictionary(uniqueKeysWithValues: files))
      }
      return CacheSizes(linuxEntries: entries)
    #endif
  }
}

extension CacheSizes {
  /// The caches Linux describes in `/sys/devices/system/cpu/cpu0/cache/index*`, one entry per
  /// directory: the contents of its files `level`, `type`, `size` and `shared_cpu_list`, by name.
  ///
  /// ```swift
  /// CacheSizes(linuxEntries: [
  ///   ["level": "1\n", "type": "Data\n", "size": "48K\n",
  ///    "shared_cpu_list": "0\n"],
  ///   ["level": "2\n", "type": "Unified\n", "size": "2048K\n",
  ///    "shared_cpu_list": "0,56\n"],
  /// ])  // 48 KiB L1d, 2 MiB L2 shared by 2 hyperthreads
  /// ```
  ///
  /// A size or list that does not read as one leaves its field nil.
  init(linuxEntries: [[String: String]]) {
    func field(_ entry: [String: String], _ name: String) -> String? {
      entry[name].map { String($0.filter { !$0.isWhitespace }) }
    }
    let level1 = linuxEntries.first { field($0, "level") == "1" && field($0, "type") == "Data" }
    let level2 = linuxEntries.first {
      field($0, "level") == "2" && (field($0, "type") == "Unified" || field($0, "type") == "Data")
    }
    self.init(
      level1Data: level1.flatMap { field($0, "size") }.flatMap(Self.bytes(inSysfsSize:)),
      level2: level2.flatMap { field($0, "size") }.flatMap(Self.bytes(inSysfsSize:)),
      level2SharedBy: level2.flatMap { field($0, "shared_cpu_list") }.flatMap(Self.count(inCPUList:)))
  }

  /// The bytes of a sysfs cache size: "48K", "2048K", "32M", or bytes without a unit; nil for
  /// anything else, or a size beyond `Int.max`.
  static func bytes(inSysfsSize text: String) -> Int? {
    let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    var digits = Substring(text)
    var unit = 1
    if let last = digits.last, let multiplier = units[last] {
      unit = multiplier
      digits = digits.dropLast()
    }
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int(digits), value >= 0 else {
      return nil
    }
    let (bytes, overflow) = value.multipliedReportingOverflow(by: unit)
    return overflow ? nil : bytes
  }

  /// How many CPUs a sysfs CPU list names: "0" is 1, "0-1" and "0,56" are 2, "0-3,8-11" is 8; nil
  /// when it does not read as a list.
  static func count(inCPUList text: String) -> Int? {
    var count = 0
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let bounds = part.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
      switch bounds.count {
      case 1:
        guard bounds[0] != nil else { return nil }
        count += 1
      case 2:
        guard let first = bounds[0], let last = bounds[1], first <= last else { return nil }
        count += last - first + 1
      default:
        return nil
      }
    }
    return count
  }
}

#if canImport(Darwin)
  /// An integer sysctl (32 or 64 bits wide), or nil when the system has no such name.
  private func sysctlInteger(_ name: String) -> Int? {
    var value: Int64 = 0
    var size = MemoryLayout<Int64>.size
    guard sysctlbyname(name, &value, &size, nil, 0) == 0 else { return nil }
    // A 32-bit value fills the low half (Apple's platforms are little-endian).
    return size == MemoryLayout<Int32>.size ? Int(Int32(truncatingIfNeeded: value)) : Int(value)
  }
#else
  /// The start of a small file (sysfs values are one short line), or nil when it cannot be read.
  private func contents(ofFile path: String) -> String? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count], as: UTF8.self)
  }
#endif
