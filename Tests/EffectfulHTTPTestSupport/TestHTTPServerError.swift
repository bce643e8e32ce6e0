import Foundation

/// Why a ``TestHTTPServer`` (or ``unusedLoopbackPort()``) could not be set up.
///
/// ```swift
/// do {
///   let server = try TestHTTPServer { _ in .text("ok") }
/// } catch let error as TestHTTPServerError {
///   print(error)  // "TestHTTPServer could not bind 127.0.0.1:0: Too many open files (errno 24)."
/// }
/// ```
///
/// Each case carries the `errno` the failing system call left behind; the description spells it
/// out. These failures mean the machine is out of sockets or file descriptors, not that the test
/// is wrong.
public enum TestHTTPServerError: Error, Equatable, CustomStringConvertible, LocalizedError {
  /// `socket(2)` failed, e.g. the process ran out of file descriptors.
  case socketCreationFailed(code: Int32)
  /// `bind(2)` to 127.0.0.1 on an ephemeral port failed.
  case bindFailed(code: Int32)
  /// `listen(2)` failed.
  case listenFailed(code: Int32)
  /// `getsockname(2)` failed, so the ephemeral port could not be read back.
  case portLookupFailed(code: Int32)
  /// `pipe(2)` failed while creating the pipe that wakes server threads on `stop()`.
  case wakePipeFailed(code: Int32)
  /// The bound port did not form a valid `http://127.0.0.1:PORT` URL (should never happen).
  case invalidBaseURL(port: Int)

  /// A sentence saying which step failed and the system's reason.
  public var description: String {
    switch self {
    case .socketCreationFailed(let code):
      return "TestHTTPServer could not create a TCP socket: \(errnoDescription(code))."
    case .bindFailed(let code):
      return "TestHTTPServer could not bind 127.0.0.1:0: \(errnoDescription(code))."
    case .listenFailed(let code):
      return "TestHTTPServer could not listen on 127.0.0.1: \(errnoDescription(code))."
    case .portLookupFailed(let code):
      return
        "TestHTTPServer could not read back its port with getsockname: \(errnoDescription(code))."
    case .wakePipeFailed(let code):
      return "TestHTTPServer could not create its wake-up pipe: \(errnoDescription(code))."
    case .invalidBaseURL(let port):
      return "TestHTTPServer could not form the URL http://127.0.0.1:\(port)."
    }
  }

  /// The same text as ``description``, so `localizedDescription` is readable too.
  public var errorDescription: String? { description }
}
