import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the kernel says about this process: CPU time and memory, for the sessions playground and the
/// benchmarks, which both print them.
public enum ProcessUsage {
  /// User and system CPU time so far, in seconds.
  public static var cpuSeconds: Double {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// The largest resident set this process has had so far, in bytes.
  ///
  /// From `/proc/self/status`'s `VmHWM` where there is one: `getrusage`'s `ru_maxrss` carries over the
  /// peak of whatever ran before `exec` in the same process, and `swift run` execs the program from
  /// SwiftPM, whose own 100+ MB would be reported as ours.
  public static var peakResidentBytes: Int {
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
  public static var currentResidentBytes: Int? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
