import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A program driven through a pipe the test holds open: the test writes when it likes and waits,
/// with a deadline, for the output it expects, as a person at the other end of a pipe would.
///
/// ```swift
/// let program = try InteractiveProgram("prime-time", arguments: ["--favorites", path])
/// defer { program.terminate() }
/// program.write("timer\n")
/// let tick = program.waitForLine(within: .seconds(20)) { $0.hasPrefix("count: 1") }
/// ```
///
/// A closed stdin would end the input; this one stays open until ``closeInput()`` or
/// ``terminate()``, so the program sees input that is open but idle.
final class InteractiveProgram: @unchecked Sendable {
  // @unchecked: `output` is only touched under `lock`; `process` and the pipes are set once.
  private let process = Process()
  private let input = Pipe()
  private let outputPipe = Pipe()
  private let lock = NSCondition()
  private var output = Data()
  private var hasEnded = false

  init(_ name: String, arguments: [String], environment: [String: String] = [:]) throws {
    signal(SIGPIPE, SIG_IGN)
    process.executableURL = try ProgramRunner.executable(name)
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment
    variables.removeValue(forKey: "WOLFRAM_APP_ID")
    variables.merge(environment) { _, new in new }
    process.environment = variables
    process.standardInput = input
    process.standardOutput = outputPipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let handle = outputPipe.fileHandleForReading
    Thread { [self] in
      while true {
        let chunk = handle.availableData
        lock.lock()
        if chunk.isEmpty { hasEnded = true } else { output.append(chunk) }
        lock.broadcast()
        lock.unlock()
        if chunk.isEmpty { return }
      }
    }.start()
  }

  /// Everything printed so far, line by line.
  var lines: [String] {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  func write(_ text: String) {
    try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
  }

  /// Waits until a line satisfies `predicate` or `deadline` passes; the line, or nil on timeout or
  /// when the program ended first.
  func waitForLine(within deadline: Duration, where predicate: (String) -> Bool) -> String? {
    let seconds = Double(deadline.components.seconds) + Double(deadline.components.attoseconds) / 1e18
    let limit = Date(timeIntervalSinceNow: seconds)
    lock.lock()
    defer { lock.unlock() }
    while true {
      let text = String(decoding: output, as: UTF8.self)
      if let line = text.split(separator: "\n").map(String.init).first(where: predicate) { return line }
      if hasEnded || !lock.wait(until: limit) { return nil }
    }
  }

  /// Ends the input, as a user's Ctrl-D would.
  func closeInput() {
    try? input.fileHandleForWriting.close()
  }

  /// Waits up to `deadline` for the program to exit by itself and for everything it printed to be
  /// read; its status, or nil if it did not exit.
  ///
  /// Its exit says nothing about the reader: under load, its last lines can still be in the pipe.
  func waitForExit(within deadline: Duration) -> Int32? {
    let seconds = Double(deadline.components.seconds)
    let limit = Date(timeIntervalSinceNow: seconds)
    while process.isRunning, Date() < limit { usleep(10_000) }
    guard !process.isRunning else { return nil }
    lock.lock()
    while !hasEnded, lock.wait(until: limit) {}
    lock.unlock()
    return process.terminationStatus
  }

  /// Stops the program if it still runs.
  func terminate() {
    closeInput()
    if process.isRunning { process.terminate() }
  }
}
