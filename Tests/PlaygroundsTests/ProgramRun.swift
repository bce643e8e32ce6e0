import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How one of the package's executables ended: its status and everything it wrote.
struct ProgramRun: CustomStringConvertible {
  var status: Int32
  var output: String
  var errorOutput: String
  /// Whether it had to be killed for outliving its time limit.
  var timedOut: Bool

  /// The output's lines, without the final empty one.
  var lines: [String] {
    output.split(separator: "\n").map(String.init)
  }

  /// The counts of the state lines (`count: N | …`), in order.
  var counts: [Int] { Self.counts(in: lines) }

  /// The counts of the state lines among `lines`, in order.
  static func counts(in lines: [String]) -> [Int] {
    lines.compactMap { line in
      guard line.hasPrefix("count: ") else { return nil }
      return Int(line.dropFirst("count: ".count).prefix { $0 == "-" || $0.isNumber })
    }
  }

  /// The state lines printed after `command` ran (up to the next command's echo), in order.
  func lines(after command: String, occurrence: Int = 1) -> [String] {
    var seen = 0
    var collected: [String]?
    for line in lines {
      if line.hasPrefix("> ") {
        if collected != nil { break }
        if line == "> \(command)" {
          seen += 1
          if seen == occurrence { collected = [] }
        }
        continue
      }
      collected?.append(line)
    }
    return collected ?? []
  }

  var description: String {
    "status \(status)\(timedOut ? " (killed: timed out)" : "")\n--- stdout\n\(output)--- stderr\n\(errorOutput)---"
  }
}

/// Why a program could not be run at all.
struct ProgramNotFound: Error, CustomStringConvertible {
  var name: String
  var searched: [String]

  var description: String {
    "\(name) was not found next to the tests (looked in \(searched.joined(separator: ", "))). "
      + "Build it first: swift build --build-tests"
  }
}

/// Runs the package's executables as a user would, through pipes, each bounded by a time limit.
///
/// ```swift
/// let run = try await ProgramRunner.run("prime-time", input: "+\nquit\n")
/// #expect(run.status == 0)
/// ```
enum ProgramRunner {
  /// The build's products directory: where SwiftPM puts the executables, next to the test bundle.
  static func productsDirectories() -> [URL] {
    var candidates: [URL] = []
    // The test bundle (`…/debug/EffectfulPackageTests.xctest`, a directory on Apple platforms and
    // an executable on Linux) sits in the products directory.
    let paths = Bundle.allBundles.map(\.bundleURL) + [URL(fileURLWithPath: CommandLine.arguments[0])]
    for url in paths {
      var url = url.standardizedFileURL
      while url.pathComponents.count > 1, !url.lastPathComponent.hasSuffix(".xctest") {
        url.deleteLastPathComponent()
      }
      if url.lastPathComponent.hasSuffix(".xctest") {
        candidates.append(url.deletingLastPathComponent())
      }
    }
    candidates.append(Bundle.main.bundleURL)
    return candidates
  }

  /// The executable `name` in the products directory.
  static func executable(_ name: String) throws -> URL {
    let directories = productsDirectories()
    for directory in directories {
      let url = directory.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    throw ProgramNotFound(name: name, searched: directories.map(\.path))
  }

  /// Runs `name` with `input` on stdin (then closed), collecting stdout and stderr until it exits;
  /// kills it if it is still running after `timeout`.
  ///
  /// The environment is this process's, without `WOLFRAM_APP_ID` (so nothing reaches the network by
  /// accident), plus `environment`.
  static func run(
    _ name: String,
    arguments: [String] = [],
    input: String = "",
    environment: [String: String] = [:],
    timeout: Duration = .seconds(30)
  ) async throws -> ProgramRun {
    // A program that exits before reading its input must fail the write, not kill the tests.
    signal(SIGPIPE, SIG_IGN)

    let process = Process()
    process.executableURL = try executable(name)
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment
    variables.removeValue(forKey: "WOLFRAM_APP_ID")
    variables.merge(environment) { _, new in new }
    process.environment = variables

    let standardInput = Pipe()
    let standardOutput = Pipe()
    let standardError = Pipe()
    process.standardInput = standardInput
    process.standardOutput = standardOutput
    process.standardError = standardError

    let (exits, exitContinuation) = AsyncStream.makeStream(of: Int32.self)
    process.terminationHandler = { process in
      exitContinuation.yield(process.terminationStatus)
      exitContinuation.finish()
    }
    try process.run()

    // Read both pipes while the program runs, so a full pipe can never block it.
    async let output = readToEnd(standardOutput.fileHandleForReading)
    async let errorOutput = readToEnd(standardError.fileHandleForReading)

    try? standardInput.fileHandleForWriting.write(contentsOf: Data(input.utf8))
    try? standardInput.fileHandleForWriting.close()

    let watchdog = Watchdog(process: process, timeout: timeout)
    var status: Int32 = -1
    for await exitStatus in exits {
      status = exitStatus
    }
    watchdog.processExited()

    return ProgramRun(
      status: status,
      output: String(decoding: await output, as: UTF8.self),
      errorOutput: String(decoding: await errorOutput, as: UTF8.self),
      timedOut: watchdog.fired)
  }

  /// Everything `handle` yields until its end, read on a thread of its own (the read blocks).
  private static func readToEnd(_ handle: FileHandle) async -> Data {
    await withCheckedContinuation { continuation in
      Thread {
        continuation.resume(returning: handle.readDataToEndOfFile())
      }.start()
    }
  }
}

/// Kills a process that is still running when its time is up: SIGTERM, then SIGKILL a few seconds
/// later if it ignores that.
private final class Watchdog: Sendable {
  private let state = WatchdogState()

  init(process: Process, timeout: Duration) {
    let pid = process.processIdentifier
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [state] in
      guard state.fire() else { return }
      kill(pid, SIGTERM)
      DispatchQueue.global().asyncAfter(deadline: .now() + 3) {
        if !state.hasExited { kill(pid, SIGKILL) }
      }
    }
  }

  /// Whether the process had to be killed.
  var fired: Bool { state.hasFired }

  /// Tells the watchdog the process is gone, so that it never signals its (reusable) pid.
  func processExited() { state.markExited() }
}

private final class WatchdogState: @unchecked Sendable {
  // @unchecked: both flags are only touched under `lock`.
  private let lock = NSLock()
  private var fired = false
  private var exited = false

  /// Marks the watchdog fired, unless the process has exited; returns whether it fired.
  func fire() -> Bool {
    lock.withLock {
      guard !exited else { return false }
      fired = true
      return true
    }
  }

  func markExited() { lock.withLock { exited = true } }
  var hasExited: Bool { lock.withLock { exited } }
  var hasFired: Bool { lock.withLock { fired } }
}
