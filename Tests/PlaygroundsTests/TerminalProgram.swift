import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A program run in a pseudo-terminal of the test's own, so that it draws its screen and reads raw
/// keys as it would for a person; the test types bytes and reads the frames drawn.
///
/// ```swift
/// let terminal = try TerminalProgram("prime-time", arguments: ["--favorites", path])
/// defer { terminal.terminate() }
/// terminal.type("\u{1B}[A\u{1B}[A")                        // two Up arrows in one write
/// terminal.waitForFrame(within: .seconds(20)) { $0.contains("count 2") }
/// ```
final class TerminalProgram: @unchecked Sendable {
  // @unchecked: `output` is only touched under `lock`; the rest is set once.
  private let process = Process()
  private let master: Int32
  /// The terminal's side the program holds, to read the settings it left there.
  private let slaveName: String
  private let lock = NSCondition()
  private var output = Data()
  /// Set under `lock` once the reader has seen the terminal's end: everything the program wrote
  /// is in `output`.
  private var hasEnded = false

  /// - Parameter isStandardErrorTerminal: Whether stderr goes to the terminal too, as in a shell
  ///   without a redirect; by default it is discarded.
  init(
    _ name: String, arguments: [String], rows: UInt16 = 40, columns: UInt16 = 100,
    isStandardErrorTerminal: Bool = false
  ) throws {
    let (master, slaveName) = try openPseudoTerminal()
    self.master = master
    self.slaveName = slaveName
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    let slave = open(slaveName, O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw CocoaError(.fileReadUnknown) }
    let slaveHandle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
    process.executableURL = try ProgramRunner.executable(name)
    process.arguments = arguments
    process.standardInput = slaveHandle
    process.standardOutput = slaveHandle
    process.standardError = isStandardErrorTerminal ? slaveHandle : FileHandle.nullDevice
    try process.run()
    // The program holds its own copies; with ours closed, the terminal ends (EIO on the master)
    // once the program is gone, which is how ``waitForExit(within:)`` knows all it wrote was read.
    try slaveHandle.close()
    Thread { [self] in
      var buffer = [UInt8](repeating: 0, count: 4_096)
      while true {
        let count = read(master, &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else {
          // Closed here, by the only reader, once the program is gone (EIO): closed from another
          // thread, the descriptor's number could be reused by the next test's terminal while this
          // loop still reads it, stealing that test's output.
          close(master)
          lock.lock()
          hasEnded = true
          lock.broadcast()
          lock.unlock()
          return
        }
        lock.lock()
        output.append(contentsOf: buffer[..<count])
        lock.broadcast()
        lock.unlock()
      }
    }.start()
  }

  /// Sends `bytes` to the program in one write, as a terminal sends keys that arrive together.
  func type(_ bytes: String) {
    let data = Array(bytes.utf8)
    _ = data.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Everything the program wrote, escape sequences included.
  var rawOutput: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: output, as: UTF8.self)
  }

  /// The last screen drawn whole (from a cursor-home to the clear-to-end-of-screen that ends every
  /// frame), with escape sequences removed.
  var lastFrame: String {
    lock.lock()
    defer { lock.unlock() }
    return Self.lastFrame(in: String(decoding: output, as: UTF8.self))
  }

  static func lastFrame(in text: String) -> String {
    // The terminal delivers a frame in pieces: what follows the last cursor-home may be half a
    // screen. Only a frame that reached its end (every frame ends by clearing the rest of the
    // screen) is the screen a person sees.
    let whole = text.range(of: "\u{1B}[J", options: .backwards).map { text[..<$0.lowerBound] } ?? ""
    let frame = whole.components(separatedBy: "\u{1B}[H").last ?? ""
    // The terminal turns "\n" into "\r\n", which Swift counts as one Character: drop the "\r".
    return frame.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
      .replacingOccurrences(of: "\r", with: "")
  }

  /// Waits until the last frame satisfies `predicate`; whether it did before `deadline`.
  @discardableResult
  func waitForFrame(within deadline: Duration, where predicate: (String) -> Bool) -> Bool {
    waitForOutput(within: deadline) { predicate(Self.lastFrame(in: $0)) }
  }

  /// Waits until everything written so far, escape sequences included, satisfies `predicate`;
  /// whether it did before `deadline`. The predicate is called under the lock: it must not read
  /// ``rawOutput`` or ``lastFrame``, but the text it is given.
  @discardableResult
  func waitForOutput(within deadline: Duration, where predicate: (String) -> Bool) -> Bool {
    let limit = Date(timeIntervalSinceNow: Double(deadline.components.seconds))
    lock.lock()
    defer { lock.unlock() }
    while true {
      if predicate(String(decoding: output, as: UTF8.self)) { return true }
      if !lock.wait(until: limit) { return false }
    }
  }

  /// Waits up to `deadline` for the program to exit and for everything it wrote to be read; its
  /// status, or nil if it still runs.
  ///
  /// A program's exit says nothing about the reader: under load, the last bytes it wrote can still
  /// be in the terminal when it is reaped. So this also waits for the terminal's end, after them.
  func waitForExit(within deadline: Duration) -> Int32? {
    let limit = Date(timeIntervalSinceNow: Double(deadline.components.seconds))
    while process.isRunning, Date() < limit { usleep(10_000) }
    guard !process.isRunning else { return nil }
    lock.lock()
    while !hasEnded, lock.wait(until: limit) {}
    lock.unlock()
    return process.terminationStatus
  }

  /// The program's settings of its terminal, as `stty -a` would show them.
  var terminalSettings: termios? {
    let slave = open(slaveName, O_RDWR | O_NOCTTY)
    guard slave >= 0 else { return nil }
    defer { close(slave) }
    var settings = termios()
    return tcgetattr(slave, &settings) == 0 ? settings : nil
  }

  /// Whether the terminal reads lines and echoes them, as a shell expects (false in raw mode).
  var isCooked: Bool? {
    terminalSettings.map { $0.c_lflag & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO) }
  }

  /// Sends `signal` to the program.
  func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// Waits up to `deadline` until the program is stopped (a job stopped by Ctrl-Z); whether it is.
  func waitUntilStopped(within deadline: Duration) -> Bool {
    let limit = Date(timeIntervalSinceNow: Double(deadline.components.seconds))
    func isStopped() -> Bool {
      // The state follows the command's name in parentheses, which may hold spaces.
      guard
        let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
      else { return false }
      return stat[end...].dropFirst(2).first == "T"
    }
    while !isStopped(), Date() < limit { usleep(10_000) }
    return isStopped()
  }

  func terminate() {
    // Process may stop counting a program as running once it was stopped (Ctrl-Z), and a stopped
    // one keeps a SIGTERM pending until it runs again: so both, to its id, whatever Process says.
    guard process.processIdentifier > 0 else { return }
    send(SIGCONT)
    send(SIGTERM)
  }
}

/// A new pseudo-terminal: the master's descriptor and the slave's path.
private func openPseudoTerminal() throws -> (Int32, String) {
  #if os(Linux)
    // Glibc's module hides posix_openpt and friends; these are the ioctls they are made of.
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    let setLock: UInt = 0x4004_5431  // TIOCSPTLCK
    let getNumber: UInt = 0x8004_5430  // TIOCGPTN
    guard master >= 0, ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else {
      throw CocoaError(.fileReadUnknown)
    }
    return (master, "/dev/pts/\(number)")
  #else
    let master = posix_openpt(O_RDWR | O_NOCTTY)
    guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
      throw CocoaError(.fileReadUnknown)
    }
    return (master, String(cString: name))
  #endif
}
