import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Reads one HTTP/1.1 request (request line, headers, body) from a connection socket.
///
/// Bodies are read by `Content-Length` or chunked transfer encoding; `Expect: 100-continue` is
/// answered so that clients which wait for it (curl, hence URLSession on Linux) send their body at
/// once instead of after a timeout.
struct RequestReader {
  /// What reading produced.
  enum Outcome {
    /// A complete request.
    case request(TestHTTPRequest)
    /// The bytes were not a request the server accepts: answer `status` and `reason`, then close.
    case rejected(status: Int, reason: String)
    /// The client hung up or the server is stopping: nothing to answer.
    case ended
  }

  private enum Failure: Error {
    case ended
    case rejected(status: Int, reason: String)
  }

  static let maximumHeadBytes = 64 * 1024
  static let maximumLineBytes = 8 * 1024
  static let maximumBodyBytes = 64 * 1024 * 1024

  let descriptor: Int32
  let wake: Int32
  // Received bytes; those before `start` are consumed. An index instead of `removeFirst` keeps
  // reading a chunked body linear.
  private var buffer: [UInt8] = []
  private var start = 0
  private var scratch = [UInt8](repeating: 0, count: 64 * 1024)

  init(descriptor: Int32, wake: Int32) {
    self.descriptor = descriptor
    self.wake = wake
  }

  /// Reads the next request from the socket, waiting for its bytes as needed.
  mutating func readRequest() -> Outcome {
    do {
      return .request(try readWholeRequest())
    } catch {
      switch error {
      case .ended: return .ended
      case .rejected(let status, let reason): return .rejected(status: status, reason: reason)
      }
    }
  }

  private mutating func readWholeRequest() throws(Failure) -> TestHTTPRequest {
    let head = String(decoding: try readHead(), as: UTF8.self)
    var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)[...]
    guard let requestLine = lines.popFirst() else {
      throw .rejected(status: 400, reason: "missing request line")
    }
    let parts = requestLine.split(separator: " ")
    guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else {
      throw .rejected(status: 400, reason: "malformed request line: \(requestLine)")
    }
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
        throw .rejected(status: 400, reason: "malformed header line: \(line)")
      }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers[name] = headers[name].map { "\($0), \(value)" } ?? value
    }
    let body = try readBody(headers: headers)
    return TestHTTPRequest(
      method: String(parts[0]), target: String(parts[1]), headers: headers, body: Data(body))
  }

  private mutating func readBody(headers: [String: String]) throws(Failure) -> [UInt8] {
    let isChunked = headers["transfer-encoding"]?.lowercased().contains("chunked") ?? false
    var length = 0
    if !isChunked, let declared = headers["content-length"] {
      guard let parsed = Int(declared), parsed >= 0 else {
        throw .rejected(status: 400, reason: "invalid Content-Length: \(declared)")
      }
      guard parsed <= Self.maximumBodyBytes else {
        throw .rejected(status: 413, reason: "body larger than \(Self.maximumBodyBytes) bytes")
      }
      length = parsed
    }
    if headers["expect"]?.lowercased() == "100-continue", isChunked || length > 0 {
      let interim = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
      guard interim.withUnsafeBytes({ sendAll($0, to: descriptor, wake: wake) }) else {
        throw .ended
      }
    }
    return isChunked ? try readChunkedBody() : try readExactly(length)
  }

  private mutating func readChunkedBody() throws(Failure) -> [UInt8] {
    var body: [UInt8] = []
    while true {
      let sizeLine = String(decoding: try readLine(), as: UTF8.self)
      let sizeText = sizeLine.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
      guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0
      else {
        throw .rejected(status: 400, reason: "invalid chunk size line: \(sizeLine)")
      }
      if size == 0 {
        // Trailer fields, if any, end with an empty line; they are not recorded.
        while try !readLine().isEmpty {}
        return body
      }
      guard body.count + size <= Self.maximumBodyBytes else {
        throw .rejected(status: 413, reason: "body larger than \(Self.maximumBodyBytes) bytes")
      }
      body += try readExactly(size)
      guard try readLine().isEmpty else {
        throw .rejected(status: 400, reason: "chunk not followed by CRLF")
      }
    }
  }

  private mutating func readHead() throws(Failure) -> [UInt8] {
    // Counted from `start`, because `fill()` may move the unread bytes to the front of the buffer.
    var scanned = 0
    while true {
      if let end = firstIndex(of: [13, 10, 13, 10], from: start + scanned) {
        defer { start = end + 4 }
        return Array(buffer[start..<end])
      }
      guard buffer.count - start <= Self.maximumHeadBytes else {
        throw .rejected(
          status: 431, reason: "request head larger than \(Self.maximumHeadBytes) bytes")
      }
      scanned = max(0, buffer.count - start - 3)
      try fill()
    }
  }

  private mutating func readLine() throws(Failure) -> [UInt8] {
    var scanned = 0
    while true {
      if let end = firstIndex(of: [13, 10], from: start + scanned) {
        defer { start = end + 2 }
        return Array(buffer[start..<end])
      }
      guard buffer.count - start <= Self.maximumLineBytes else {
        throw .rejected(status: 400, reason: "line longer than \(Self.maximumLineBytes) bytes")
      }
      scanned = max(0, buffer.count - start - 1)
      try fill()
    }
  }

  private mutating func readExactly(_ count: Int) throws(Failure) -> [UInt8] {
    if buffer.count - start < count {
      buffer.reserveCapacity(start + count)
    }
    while buffer.count - start < count {
      try fill()
    }
    defer { start += count }
    return Array(buffer[start..<start + count])
  }

  private mutating func fill() throws(Failure) {
    if start > 0, start >= buffer.count / 2 {
      buffer.removeFirst(start)
      start = 0
    }
    let result = scratch.withUnsafeMutableBytes { [descriptor, wake] in
      receive(into: $0, from: descriptor, wake: wake)
    }
    guard case .bytes(let count) = result else { throw .ended }
    buffer += scratch[..<count]
  }

  private func firstIndex(of pattern: [UInt8], from index: Int) -> Int? {
    guard buffer.count >= pattern.count else { return nil }
    var candidate = index
    while candidate <= buffer.count - pattern.count {
      if buffer[candidate..<candidate + pattern.count].elementsEqual(pattern) {
        return candidate
      }
      candidate += 1
    }
    return nil
  }
}
