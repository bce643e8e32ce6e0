import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Serves one accepted connection: reads a request, records it, answers, and closes.
///
/// Runs on the connection's own thread. Every wait (for bytes, for send space, for a delay) also
/// watches the server's wake-up pipe, so `stop()` ends it promptly wherever it is.
func serveConnection(_ descriptor: Int32, state: ServerState) {
  let wake = state.wakeDescriptor
  defer { closeGracefully(descriptor, wake: wake) }
  var reader = RequestReader(descriptor: descriptor, wake: wake)
  switch reader.readRequest() {
  case .ended:
    return
  case .rejected(let status, let reason):
    _ = send(
      .text("TestHTTPServer rejected the request: \(reason)", status: status), method: "GET",
      to: descriptor, wake: wake)
  case .request(let request):
    state.record(request)
    let response = state.handler(request)
    if let delay = response.delay, !waitOut(delay, clientOn: descriptor, wake: wake) {
      return
    }
    _ = send(response, method: request.method, to: descriptor, wake: wake)
  }
}

/// Writes `response` as an HTTP/1.1 message; false if the client left or the server stopped.
private func send(_ response: TestHTTPResponse, method: String, to descriptor: Int32, wake: Int32)
  -> Bool
{
  let status = response.status
  let hasBody = method != "HEAD" && !(100..<200).contains(status) && status != 204 && status != 304
  var head = "HTTP/1.1 \(status) \(reasonPhrase(for: status))\r\n"
  // Sorted so that the bytes on the wire are the same on every run.
  for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) {
    let lowercased = name.lowercased()
    guard lowercased != "content-length", lowercased != "connection" else { continue }
    head += "\(name): \(value)\r\n"
  }
  if hasBody || method == "HEAD" {
    head += "Content-Length: \(response.body.count)\r\n"
  }
  head += "Connection: close\r\n\r\n"

  var message = Data(head.utf8)
  if hasBody {
    let sent = min(max(response.closeAfterBodyBytes ?? response.body.count, 0), response.body.count)
    message.append(response.body.prefix(sent))
  }
  return message.withUnsafeBytes { sendAll($0, to: descriptor, wake: wake) }
}

/// Waits for `delay`; returns false early if the client hangs up or the server stops.
private func waitOut(_ delay: Duration, clientOn descriptor: Int32, wake: Int32) -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: delay)
  var scratch = [UInt8](repeating: 0, count: 4096)
  while true {
    let remaining = clock.now.duration(to: deadline)
    guard remaining > .zero else { return true }
    switch waitUntil(
      POLLIN, on: descriptor, wake: wake, timeoutMilliseconds: milliseconds(remaining))
    {
    case .stopped:
      return false
    case .timedOut:
      continue
    case .ready:
      // The request was read whole, so a readable socket means the client hung up (a read of 0
      // or an error). Stray extra bytes are dropped: the connection closes after this response.
      let count = scratch.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count == 0 { return false }
      if count < 0, errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR { return false }
    }
  }
}

/// Closes the connection after letting the client read everything that was sent.
///
/// Closing a socket that still has unread incoming bytes makes the kernel send a reset, which can
/// destroy response bytes the client has not read yet. So: send FIN, read until the client closes
/// (it does at once after a `Connection: close` response), for at most a second.
private func closeGracefully(_ descriptor: Int32, wake: Int32) {
  _ = shutdown(descriptor, Int32(SHUT_WR))
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: .seconds(1))
  var scratch = [UInt8](repeating: 0, count: 4096)
  draining: while true {
    let remaining = clock.now.duration(to: deadline)
    guard remaining > .zero else { break }
    switch waitUntil(
      POLLIN, on: descriptor, wake: wake, timeoutMilliseconds: milliseconds(remaining))
    {
    case .stopped, .timedOut:
      break draining
    case .ready:
      let count = scratch.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count == 0 { break draining }
      if count < 0, errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR { break draining }
    }
  }
  close(descriptor)
}

/// `duration` in whole milliseconds for `poll`, rounded up so a wait never ends early; at most
/// a minute, since callers loop until their deadline anyway.
private func milliseconds(_ duration: Duration) -> Int32 {
  let (seconds, attoseconds) = duration.components
  guard seconds < 60 else { return 60_000 }
  let millis = seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
  return Int32(max(millis, 1))
}

/// The standard reason phrase for common status codes; clients ignore it, people read it in logs.
private func reasonPhrase(for status: Int) -> String {
  switch status {
  case 100: return "Continue"
  case 200: return "OK"
  case 201: return "Created"
  case 202: return "Accepted"
  case 204: return "No Content"
  case 301: return "Moved Permanently"
  case 302: return "Found"
  case 304: return "Not Modified"
  case 400: return "Bad Request"
  case 401: return "Unauthorized"
  case 403: return "Forbidden"
  case 404: return "Not Found"
  case 405: return "Method Not Allowed"
  case 408: return "Request Timeout"
  case 409: return "Conflict"
  case 413: return "Content Too Large"
  case 422: return "Unprocessable Content"
  case 429: return "Too Many Requests"
  case 431: return "Request Header Fields Too Large"
  case 500: return "Internal Server Error"
  case 501: return "Not Implemented"
  case 502: return "Bad Gateway"
  case 503: return "Service Unavailable"
  case 504: return "Gateway Timeout"
  default: return "Status \(status)"
  }
}
