#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

// Thin wrappers over the POSIX socket calls the server needs. Every socket the server owns is
// non-blocking and every wait goes through `poll` together with the server's wake-up pipe, so that
// `stop()` can interrupt any thread at any point without closing a descriptor another thread uses.

/// The readable text of an `errno` value, e.g. "Connection refused (errno 111)".
func errnoDescription(_ code: Int32) -> String {
  "\(String(cString: strerror(code))) (errno \(code))"
}

/// Creates a TCP socket bound to 127.0.0.1 on an ephemeral port and returns it with that port.
///
/// The descriptor is close-on-exec so that child processes spawned by other tests never inherit it
/// (an inherited listener would keep accepting connections after `stop()`).
func bindLoopbackSocket() throws -> (descriptor: Int32, port: Int) {
  #if canImport(Darwin)
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
  #else
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
  #endif
  guard descriptor >= 0 else { throw TestHTTPServerError.socketCreationFailed(code: errno) }
  #if canImport(Darwin)
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
  #endif

  var address = sockaddr_in()
  #if canImport(Darwin)
    address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
  #endif
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = 0
  address.sin_addr = in_addr(s_addr: in_addr_t(0x7F00_0001).bigEndian)
  let bound = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  guard bound == 0 else {
    let code = errno
    close(descriptor)
    throw TestHTTPServerError.bindFailed(code: code)
  }

  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let named = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
  }
  guard named == 0 else {
    let code = errno
    close(descriptor)
    throw TestHTTPServerError.portLookupFailed(code: code)
  }
  return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
}

/// Makes `descriptor` non-blocking, and on Darwin stops writes to a closed peer raising SIGPIPE.
func configureConnectionSocket(_ descriptor: Int32) {
  let flags = fcntl(descriptor, F_GETFL, 0)
  _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
  #if canImport(Darwin)
    var on: Int32 = 1
    _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
  #endif
}

/// Creates the wake-up pipe: closing its write end makes its read end readable for every `poll`.
func makeWakePipe() throws -> (read: Int32, write: Int32) {
  var ends: [Int32] = [0, 0]
  // Glibc does not export pipe2, so close-on-exec is set right after.
  guard pipe(&ends) == 0 else { throw TestHTTPServerError.wakePipeFailed(code: errno) }
  _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
  _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
  return (ends[0], ends[1])
}

/// What a `poll` on one socket plus the wake-up pipe found.
enum Readiness {
  /// The socket is ready (or has an error or hang-up that the next call will report).
  case ready
  /// The server is stopping.
  case stopped
  /// The timeout passed with nothing to do.
  case timedOut
}

/// Waits until `descriptor` is ready for `events`, the server stops, or the timeout passes.
///
/// `timeoutMilliseconds` of -1 waits without limit. A stop wins over readiness so that a stopping
/// server never starts new work.
func waitUntil(_ events: Int32, on descriptor: Int32, wake: Int32, timeoutMilliseconds: Int32)
  -> Readiness
{
  var fds = [
    pollfd(fd: descriptor, events: Int16(events), revents: 0),
    pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
  ]
  while true {
    let count = poll(&fds, nfds_t(fds.count), timeoutMilliseconds)
    if count < 0 {
      if errno == EINTR { continue }
      // poll itself failed (should not happen with valid descriptors): treat it as a stop so the
      // thread ends instead of spinning.
      return .stopped
    }
    if fds[1].revents != 0 { return .stopped }
    if count == 0 { return .timedOut }
    return .ready
  }
}

/// The outcome of one ``receive(into:from:wake:)``.
enum ReceiveResult {
  case bytes(Int)
  case endOfStream
  case stopped
  case failed(Int32)
}

/// Reads what is available from `descriptor`, waiting for data if there is none yet.
func receive(into buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32, wake: Int32)
  -> ReceiveResult
{
  while true {
    let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
    if count > 0 { return .bytes(count) }
    if count == 0 { return .endOfStream }
    let code = errno
    if code == EINTR { continue }
    guard code == EAGAIN || code == EWOULDBLOCK else { return .failed(code) }
    if waitUntil(POLLIN, on: descriptor, wake: wake, timeoutMilliseconds: -1) == .stopped {
      return .stopped
    }
  }
}

/// Writes all of `bytes`, handling partial writes; false if the peer left or the server stopped.
func sendAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, wake: Int32) -> Bool {
  #if canImport(Darwin)
    let flags: Int32 = 0  // SO_NOSIGPIPE is set on the socket instead.
  #else
    let flags = Int32(MSG_NOSIGNAL)  // A peer that hung up must not kill the test process.
  #endif
  var offset = 0
  while offset < bytes.count {
    let count = send(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset, flags)
    if count >= 0 {
      offset += count
      continue
    }
    let code = errno
    if code == EINTR { continue }
    guard code == EAGAIN || code == EWOULDBLOCK else { return false }
    if waitUntil(POLLOUT, on: descriptor, wake: wake, timeoutMilliseconds: -1) == .stopped {
      return false
    }
  }
  return true
}
