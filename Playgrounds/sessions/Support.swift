import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--sessions N --messages M`.
struct SessionsOptions {
  var sessions = 1_000
  var messages = 200

  static func parse(_ arguments: ArraySlice<String>) -> SessionsOptions {
    var options = SessionsOptions()
    var rest = arguments[...]
    while let flag = rest.popFirst() {
      guard let value = rest.popFirst().flatMap(Int.init), value >= 0 else {
        fail("\(flag) needs a count (0 or more)")
      }
      switch flag {
      case "--sessions": options.sessions = value
      case "--messages": options.messages = value
      default: fail("unknown option \(flag)")
      }
    }
    return options
  }

  private static func fail(_ message: String) -> Never {
    let usage = "usage: sessions [--sessions N] [--messages M]"
    FileHandle.standardError.write(Data("sessions: \(message)\n\(usage)\n".utf8))
    exit(2)
  }
}

/// Messages echoed so far, by every session.
final class MessageCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0  // guarded by `lock`

  func add() { lock.withLock { value += 1 } }
  var count: Int { lock.withLock { value } }
}

/// What the kernel says about this process.
enum ProcessUsage {
  /// User and system CPU time so far.
  static var cpuSeconds: Double {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// The largest resident set so far: `/proc/self/status`'s `VmHWM` (SwiftPM's own peak before it
  /// exec'd this program would be in `getrusage`'s), else `getrusage`'s.
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
      return Int(usage.ru_maxrss) * 1_024
    #else
      getrusage(RUSAGE_SELF, &usage)
      return Int(usage.ru_maxrss)
    #endif
  }
}
