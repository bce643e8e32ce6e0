import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A one-line description of where the numbers come from: they mean little without it.
enum Machine {
  static var description: String {
    var parts = [operatingSystem]
    if let cpu = cpuModel { parts.append(cpu) }
    parts.append("\(ProcessInfo.processInfo.activeProcessorCount) cores")
    parts.append("Swift \(swiftVersion)")
    parts.append("load \(loadAverage)")
    #if DEBUG
      parts.append("DEBUG BUILD: use -c release")
    #endif
    return parts.joined(separator: ", ")
  }

  /// `uname`'s system, release and machine, e.g. "Linux 6.1.0 x86_64".
  private static var operatingSystem: String {
    var name = utsname()
    guard uname(&name) == 0 else { return "unknown system" }
    func text<T>(_ field: T) -> String {
      withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
    return "\(text(name.sysname)) \(text(name.release)) \(text(name.machine))"
  }

  /// The first "model name" of `/proc/cpuinfo`; `nil` elsewhere.
  private static var cpuModel: String? {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
    for line in info.split(separator: "\n") where line.hasPrefix("model name") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return nil
  }

  /// The one-minute load average when the description is taken: other work competing for the cores.
  private static var loadAverage: String {
    var loads = [Double](repeating: 0, count: 1)
    guard getloadavg(&loads, 1) == 1 else { return "unknown" }
    return String(format: "%.2f", loads[0])
  }

  /// The compiler that built this binary, known at compile time, so it costs nothing to find out.
  static var swiftVersion: String {
    #if compiler(>=6.5)
      return "6.5 or later"
    #elseif compiler(>=6.4)
      return "6.4"
    #elseif compiler(>=6.3)
      return "6.3"
    #elseif compiler(>=6.2)
      return "6.2"
    #elseif compiler(>=6.1)
      return "6.1"
    #elseif compiler(>=6.0)
      return "6.0"
    #else
      return "before 6.0"
    #endif
  }
}
