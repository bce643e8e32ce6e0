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
