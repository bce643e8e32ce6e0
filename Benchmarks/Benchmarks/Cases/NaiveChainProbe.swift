import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the deepest synchronous chain of actions the naive store survives. Its recursive `send` ends in
/// a stack overflow, so each depth is tried in a child process: this binary again, with a hidden flag.
enum NaiveChainProbe {
  /// `Benchmarks --naive-chain-probe DEPTH` sends one chain of `DEPTH` actions and exits 0, or crashes.
  static let flag = "--naive-chain-probe"

  /// The child's side: run one chain and exit.
  @MainActor
  static func runChild(depth: Int) -> Never {
    // A crash is the expected outcome: leave no core file behind.
    var noCoreFile = rlimit(rlim_cur: 0, rlim_max: 0)
    #if canImport(Glibc)
      setrlimit(Int32(RLIMIT_CORE.rawValue), &noCoreFile)
    #else
      setrlimit(RLIMIT_CORE, &noCoreFile)
    #endif
    NaiveWorkloads.runChain(depth: depth)
    exit(0)
  }

  /// Steps the depth up by doubling from 1,024 until a child crashes (or `limit` is reached), then
  /// bisects until the bracket is narrower than `precision` (a fraction of the depth survived).
  static func deepestChain(limit: Int, precision: Double) -> ChainDepthReport {
    var report = ChainDepthReport(stackLimitBytes: stackLimitBytes)
    do {
      var depth = 1_024
      while report.firstCrash == nil, report.survived < limit {
        if try survives(depth, report: &report) {
          report.survived = depth
          depth = min(depth * 2, limit)
        } else {
          report.firstCrash = depth
        }
      }
      while let crash = report.firstCrash,
        crash - report.survived > max(1, Int(Double(report.survived) * precision))
      {
        let middle = (report.survived + crash) / 2
        if try survives(middle, report: &report) {
          report.survived = middle
        } else {
          report.firstCrash = middle
        }
      }
    } catch {
      report.error = "could not start a child process: \(error)"
    }
    return report
  }

  private static func survives(_ depth: Int, report: inout ChainDepthReport) throws -> Bool {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: executablePath)
    child.arguments = [flag, String(depth)]
    var environment = ProcessInfo.processInfo.environment
    // Swift's crash backtracer would spend seconds symbolicating each expected crash.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    child.environment = environment
    child.standardOutput = FileHandle.nullDevice
    child.standardError = FileHandle.nullDevice
    try child.run()
    child.waitUntilExit()
    report.probes += 1
    return child.terminationReason == .exit && child.terminationStatus == 0
  }

  /// This binary, resolved now: `/proc/self/exe` would name whatever process reads it.
  private static var executablePath: String {
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      return path
    }
    return Bundle.main.executablePath ?? CommandLine.arguments[0]
  }

  /// The main thread's stack limit, which decides how deep a recursion goes.
  private static var stackLimitBytes: Int? {
    var limit = rlimit()
    #if canImport(Glibc)
      let status = getrlimit(Int32(RLIMIT_STACK.rawValue), &limit)
      let unlimited = rlim_t.max  // RLIM_INFINITY, which Swift cannot import as a constant here
    #else
      let status = getrlimit(RLIMIT_STACK, &limit)
      let unlimited = RLIM_INFINITY
    #endif
    guard status == 0, limit.rlim_cur != unlimited else { return nil }
    return Int(limit.rlim_cur)
  }
}

/// How deep a synchronous chain the naive store survived, and how that was found.
struct ChainDepthReport {
  /// The deepest chain a child finished.
  var survived = 0
  /// The shallowest chain a child crashed on; `nil` if none did up to the limit.
  var firstCrash: Int?
  var stackLimitBytes: Int?
  /// Child processes started.
  var probes = 0
  var error: String?
}
