import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What the input thread read: a line (line mode), some keys (raw mode), or the end of input.
enum InputEvent: Equatable, Sendable {
  case line(String)
  case keys([Key])
  case end
}

/// Reads stdin on a thread of its own, so that the main thread stays free to run the store and its
/// effects, and hands each line or key press to `deliver` as it arrives.
///
/// ```swift
/// InputReader.start(mode: .lines) { event in
///   DispatchQueue.main.async { MainActor.assumeIsolated { app.handle(event) } }
/// }
/// ```
///
/// `deliver` is called on the reader's thread, in order, and finally with `.end` once: at the end of
/// input, or on a read error. Reading ahead of the app is fine: the app queues what it has not run yet.
enum InputReader {
  enum Mode: Sendable {
    /// One line at a time, newline stripped (stdin is a pipe, a file, or a terminal in cooked mode).
    case lines
    /// Keys as the terminal sends them (stdin is a terminal in raw mode).
    case keys
  }

  static func start(mode: Mode, deliver: @escaping @Sendable (InputEvent) -> Void) {
    let thread = Thread {
      switch mode {
      case .lines:
        while let line = readLine(strippingNewline: true) {
          deliver(.line(line))
        }
      case .keys:
        var buffer = [UInt8](repeating: 0, count: 64)
        var decoder = KeyDecoder()
        while true {
          let count = read(STDIN_FILENO, &buffer, buffer.count)
          if count < 0, errno == EINTR { continue }
          guard count > 0 else { break }
          deliver(.keys(decoder.decode(Array(buffer[..<count]))))
        }
      }
      deliver(.end)
    }
    thread.name = "prime-time input"
    thread.start()
  }
}
