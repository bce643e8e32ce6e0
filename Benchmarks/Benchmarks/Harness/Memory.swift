import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the process uses in memory, from the kernel.
enum Memory {
  /// The largest resident set this process has had so far, in bytes.
  ///
  /// From `/proc/self/status`'s `VmHWM` where there is one: `getrusage`'s `ru_maxrss` carries over the
  /// peak of whatever ran before `exec` in the same process, and `swift run` execs the benchmark from
  /// SwiftPM, whose own 100+ MB would be reported as ours.
  static var peakResidentBytes: Int {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "")
    {
      return kilobytes * 1_024
    }
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
      return Int(usage.ru_maxrss) * 1_024  // kilobytes
    #else
      getrusage(RUSAGE_SELF, &usage)
      return Int(usage.ru_maxrss)  // bytes
    #endif
  }

  /// The resident set now, in bytes (`/proc/self/statm`); `nil` where there is no `/proc`.
  static var currentResidentBytes: Int? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
