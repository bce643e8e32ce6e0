import Foundation
import EffectfulHTTPTestSupport
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The test HTTP server, exercised through URLSession the way the networking effects use it.
@Suite struct HTTPTestServerTests {
  struct Greeting: Codable, Equatable {
    var message: String
    var count: Int
  }

  @Test func jsonBodyRoundTrips() async throws {
    let server = try TestHTTPServer { request in
      request.path == "/greet"
        ? .json(Greeting(message: "hello " + request.bodyText, count: 1)) : .text("?", status: 404)
    }
    var request = URLRequest(url: server.url("/greet"))
    request.httpMethod = "POST"
    request.httpBody = Data("Ada".utf8)
    request.setValue("text/plain", forHTTPHeaderField: "Content-Type")

    let outcome = await fetch(request)

    #expect(outcome.status == 200)
    #expect(outcome.headers["content-type"] == "application/json")
    #expect(
      try JSONDecoder().decode(Greeting.self, from: outcome.body)
        == Greeting(message: "hello Ada", count: 1))
    let received = try #require(server.requests.first)
    #expect(received.method == "POST")
    #expect(received.path == "/greet")
    #expect(received.header("content-type") == "text/plain")
    #expect(received.bodyText == "Ada")
  }

  @Test func notFoundIsAResponseNotAnError() async throws {
    let server = try TestHTTPServer { _ in .text("nothing here", status: 404) }

    let outcome = await fetch(URLRequest(url: server.url("/missing")))

    #expect(outcome.error == nil)
    #expect(outcome.status == 404)
    #expect(String(decoding: outcome.body, as: UTF8.self) == "nothing here")
  }

  @Test func serverErrorCarriesItsJSONBody() async throws {
    let server = try TestHTTPServer(response: .json(["error": "database on fire"], status: 500))

    let outcome = await fetch(URLRequest(url: server.url("/")))

    #expect(outcome.error == nil)
    #expect(outcome.status == 500)
    #expect(
      try JSONDecoder().decode([String: String].self, from: outcome.body) == [
        "error": "database on fire"
      ])
  }

  @Test func customHeadersTravelBothWays() async throws {
    let server = try TestHTTPServer { request in
      TestHTTPResponse(headers: ["X-Echo": request.header("X-Trace-ID") ?? "none"])
    }
    var request = URLRequest(url: server.url("/"))
    request.setValue("trace-42", forHTTPHeaderField: "X-Trace-ID")

    let outcome = await fetch(request)

    #expect(outcome.headers["x-echo"] == "trace-42")
    #expect(server.requests.first?.headers["x-trace-id"] == "trace-42")
  }

  @Test func queryIsRecordedExactlyAsSent() async throws {
    let server = try TestHTTPServer(response: .text("ok"))

    _ = await fetch(URLRequest(url: server.url("/search?a%26b=c&name=J%C3%BCrgen%20X&flag")))
    _ = await fetch(URLRequest(url: server.url("/second")))

    #expect(server.requests.map(\.path) == ["/search", "/second"])
    let search = try #require(server.requests.first)
    #expect(search.query == "a%26b=c&name=J%C3%BCrgen%20X&flag")
    #expect(
      search.queryItems == [
        URLQueryItem(name: "a&b", value: "c"),
        URLQueryItem(name: "name", value: "Jürgen X"),
        URLQueryItem(name: "flag", value: nil),
      ])
    #expect(server.requests.last?.query == nil)
  }

  @Test func tenMegabyteResponseArrivesWhole() async throws {
    let body = Self.patternedBytes(count: 10 * 1024 * 1024)
    let server = try TestHTTPServer(response: TestHTTPResponse(body: body))

    let outcome = await fetch(URLRequest(url: server.url("/big")))

    #expect(outcome.error == nil)
    #expect(outcome.body.count == body.count)
    #expect(outcome.body == body)
  }

  @Test func tenMegabyteRequestBodyArrivesWhole() async throws {
    let body = Self.patternedBytes(count: 10 * 1024 * 1024)
    let server = try TestHTTPServer { request in .text("\(request.body.count)") }
    var request = URLRequest(url: server.url("/upload"))
    request.httpMethod = "PUT"
    request.httpBody = body

    let outcome = await fetch(request)

    #expect(String(decoding: outcome.body, as: UTF8.self) == "\(body.count)")
    #expect(server.requests.first?.body == body)
  }

  @Test func streamedRequestBodyIsDechunked() async throws {
    let body = Self.patternedBytes(count: 300_000)
    let server = try TestHTTPServer(response: .text("ok"))
    var request = URLRequest(url: server.url("/stream"))
    request.httpMethod = "POST"
    request.httpBodyStream = InputStream(data: body)

    _ = await fetch(request)

    let received = try #require(server.requests.first)
    #expect(received.header("Transfer-Encoding") == "chunked")
    #expect(received.body == body)
  }

  @Test func concurrentRequestsAreAllRecorded() async throws {
    let server = try TestHTTPServer { request in .text(request.path) }
    let paths = (0..<20).map { "/item/\($0)" }

    let bodies = await withTaskGroup(of: String.self) { group in
      for path in paths {
        group.addTask {
          String(decoding: await fetch(URLRequest(url: server.url(path))).body, as: UTF8.self)
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }

    #expect(Set(bodies) == Set(paths))
    #expect(Set(server.requests.map(\.path)) == Set(paths))
  }

  @Test func connectionClosedMidBodyIsAnError() async throws {
    let server = try TestHTTPServer(
      response: .text(String(repeating: "x", count: 1_000)).closingConnection(afterBodyBytes: 10))

    let outcome = await fetch(URLRequest(url: server.url("/cut")))

    let error = try #require(outcome.error)
    #if canImport(FoundationNetworking)
      // curl's "transfer closed with 990 bytes remaining to read" has no URLError case of its own.
      #expect(error.code == .unknown)
    #endif
    #expect(outcome.status == nil)
  }

  @Test func unusedPortRefusesConnections() async throws {
    let url = try #require(URL(string: "http://127.0.0.1:\(try unusedLoopbackPort())/"))

    let outcome = await fetch(URLRequest(url: url))

    #expect(outcome.error?.code == .cannotConnectToHost)
  }

  @Test func cancellingADelayedRequestEndsItOnBothSides() async throws {
    let server = try TestHTTPServer(response: .text("too late").delayed(by: .seconds(60)))
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    let (outcomes, continuation) = AsyncStream.makeStream(of: Outcome.self)
    let task = session.dataTask(with: Self.request(server.url("/slow"))) { data, response, error in
      continuation.yield(Outcome(data: data, response: response, error: error))
      continuation.finish()
    }

    task.resume()
    #expect(server.waitForRequests(count: 1))
    task.cancel()
    let outcome = await outcomes.first { _ in true }

    #expect(outcome?.error?.code == .cancelled)
    #expect(server.waitUntilIdle())
  }

  @Test func stopClosesOpenConnectionsAndTheListener() async throws {
    let server = try TestHTTPServer(response: .text("never sent").delayed(by: .seconds(60)))
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    let (outcomes, continuation) = AsyncStream.makeStream(of: Outcome.self)
    session.dataTask(with: Self.request(server.url("/slow"))) { data, response, error in
      continuation.yield(Outcome(data: data, response: response, error: error))
      continuation.finish()
    }.resume()
    #expect(server.waitForRequests(count: 1))

    server.stop()
    let inFlight = await outcomes.first { _ in true }
    let afterStop = await fetch(URLRequest(url: server.url("/again")))

    #expect(server.waitUntilIdle(timeout: .zero))
    #expect(inFlight?.error != nil)
    #if canImport(FoundationNetworking)
      // curl's "Empty reply from server".
      #expect(inFlight?.error?.code == .badServerResponse)
    #endif
    #expect(afterStop.error?.code == .cannotConnectToHost)
    server.stop()  // A second stop does nothing.
  }

  @Test func clientTimeoutEndsADelayedRequest() async throws {
    let server = try TestHTTPServer(response: .text("too late").delayed(by: .seconds(60)))
    var request = URLRequest(url: server.url("/slow"))
    request.timeoutInterval = 1

    let outcome = await fetch(request, timeoutInterval: nil)

    #expect(outcome.error?.code == .timedOut)
    #expect(server.requests.count == 1)
    #expect(server.waitUntilIdle())
  }

  @Test func delayedResponseArrivesAfterItsDelay() async throws {
    let server = try TestHTTPServer(response: .text("late").delayed(by: .milliseconds(200)))
    let clock = ContinuousClock()
    let start = clock.now

    let outcome = await fetch(URLRequest(url: server.url("/")))

    #expect(clock.now - start >= .milliseconds(200))
    #expect(String(decoding: outcome.body, as: UTF8.self) == "late")
  }

  @Test func headRequestGetsHeadersOnly() async throws {
    let server = try TestHTTPServer(response: .text("body"))
    var request = URLRequest(url: server.url("/"))
    request.httpMethod = "HEAD"

    let outcome = await fetch(request)

    #expect(outcome.status == 200)
    #expect(outcome.body.isEmpty)
    #expect(server.requests.first?.method == "HEAD")
  }

  @Test func malformedRequestGets400AndIsNotRecorded() throws {
    let server = try TestHTTPServer(response: .text("ok"))

    let reply = try Self.exchange("NONSENSE\r\n\r\n", withPort: server.port)

    #expect(reply.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
    #expect(reply.contains("\r\nConnection: close\r\n"))
    #expect(server.requests.isEmpty)
  }

  @Test func expectContinueIsAnsweredBeforeTheBody() throws {
    let server = try TestHTTPServer { request in .text(request.bodyText) }

    let reply = try Self.exchange(
      "POST /echo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\nhello",
      withPort: server.port)

    #expect(reply.hasPrefix("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n"))
    #expect(reply.hasSuffix("\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello"))
  }

  // MARK: - Helpers

  struct SocketError: Error {
    var call: String
    var code: Int32
  }

  /// Sends `message` over a plain TCP connection to 127.0.0.1:`port` and returns all it gets back,
  /// for what URLSession cannot send (malformed requests) or hides (interim responses).
  static func exchange(_ message: String, withPort port: Int) throws -> String {
    #if canImport(Darwin)
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #else
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    guard descriptor >= 0 else { throw SocketError(call: "socket", code: errno) }
    defer { close(descriptor) }
    // A server that never answers fails the test after a few seconds instead of hanging it.
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    _ = setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr = in_addr(s_addr: in_addr_t(0x7F00_0001).bigEndian)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw SocketError(call: "connect", code: errno) }
    let bytes = Array(message.utf8)
    guard send(descriptor, bytes, bytes.count, 0) == bytes.count else {
      throw SocketError(call: "send", code: errno)
    }
    var reply: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = recv(descriptor, &chunk, chunk.count, 0)
      guard count > 0 else { break }
      reply += chunk[..<count]
    }
    return String(decoding: reply, as: UTF8.self)
  }

  /// What a data task ended with, reduced to Sendable values.
  struct Outcome: Sendable {
    var status: Int?
    var headers: [String: String] = [:]
    var body = Data()
    var error: URLError?

    init(data: Data?, response: URLResponse?, error: (any Error)?) {
      let http = response as? HTTPURLResponse
      status = http?.statusCode
      for case (let name as String, let value as String) in http?.allHeaderFields ?? [:] {
        headers[name.lowercased()] = value
      }
      body = data ?? Data()
      if let error {
        self.error =
          error as? URLError ?? URLError(.unknown, userInfo: [NSUnderlyingErrorKey: error])
      }
    }
  }

  /// A request that gives up after a few seconds: a broken server fails the test, not hangs it.
  static func request(_ url: URL) -> URLRequest {
    var request = URLRequest(url: url)
    request.timeoutInterval = 5
    return request
  }

  /// Runs `request` as a completion-handler data task on a fresh ephemeral session.
  ///
  /// The timeout is set to a few seconds (unless `timeoutInterval` is nil) so that a broken server
  /// fails the test instead of hanging it.
  func fetch(_ request: URLRequest, timeoutInterval: TimeInterval? = 5) async -> Outcome {
    var request = request
    if let timeoutInterval { request.timeoutInterval = timeoutInterval }
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    return await withCheckedContinuation { continuation in
      session.dataTask(with: request) { data, response, error in
        continuation.resume(returning: Outcome(data: data, response: response, error: error))
      }.resume()
    }
  }

  /// `count` bytes that differ from one 64 KiB block to the next, so a lost, repeated or reordered
  /// block changes the bytes, not just the count.
  static func patternedBytes(count: Int) -> Data {
    var bytes = Data(count: count)
    bytes.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) in
      for index in stride(from: 0, to: count, by: 8) {
        buffer[index] = UInt8(truncatingIfNeeded: index >> 16)
      }
    }
    return bytes
  }
}
