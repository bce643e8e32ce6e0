import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A real HTTP/1.1 server on 127.0.0.1, on a free port, for testing networking code end to end.
///
/// ```swift
/// let server = try TestHTTPServer { request in
///   request.path == "/fact" ? .text("42 is a number") : .text("not found", status: 404)
/// }
/// defer { server.stop() }
/// let (data, _) = try await URLSession.shared.data(from: server.url("/fact"))
/// #expect(server.requests.map(\.path) == ["/fact"])
/// ```
///
/// - It binds only 127.0.0.1, on an ephemeral port (``port``), so tests never clash or reach out.
/// - Each connection is served on its own thread and answers exactly one request, always with
///   `Connection: close`. The handler runs on that thread; it may be called concurrently.
/// - The handler must not capture the server: that keeps it alive, so `deinit` never stops it.
/// - A client that hangs up never raises SIGPIPE in the test process.
/// - ``stop()`` (also run by `deinit`) closes the listener and every open connection, then waits
///   for the server's threads to end.
public final class TestHTTPServer: Sendable {
  /// The port the server listens on, chosen by the system.
  public let port: Int
  /// `http://127.0.0.1:PORT`, with no trailing slash.
  public let baseURL: URL
  private let state: ServerState

  /// Starts a server that answers every request with what `handler` returns.
  ///
  /// ```swift
  /// let server = try TestHTTPServer { request in .json(["echo": request.bodyText]) }
  /// ```
  ///
  /// Throws ``TestHTTPServerError`` if the socket cannot be set up (e.g. out of file descriptors).
  public init(handler: @escaping @Sendable (TestHTTPRequest) -> TestHTTPResponse) throws {
    let (listener, port) = try bindLoopbackSocket()
    guard listen(listener, 128) == 0 else {
      let code = errno
      close(listener)
      throw TestHTTPServerError.listenFailed(code: code)
    }
    _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL, 0) | O_NONBLOCK)
    guard let baseURL = URL(string: "http://127.0.0.1:\(port)") else {
      close(listener)
      throw TestHTTPServerError.invalidBaseURL(port: port)
    }
    let wakePipe: (read: Int32, write: Int32)
    do {
      wakePipe = try makeWakePipe()
    } catch {
      close(listener)
      throw error
    }
    self.port = port
    self.baseURL = baseURL
    state = ServerState(handler: handler, wakePipe: wakePipe)
    startThread(named: "TestHTTPServer \(port) accept", state: state) { state in
      acceptConnections(on: listener, state: state)
    }
  }

  /// Starts a server that gives every request the same `response`.
  ///
  /// ```swift
  /// let server = try TestHTTPServer(response: .json(#"{"ok": true}"#))
  /// ```
  public convenience init(response: TestHTTPResponse) throws {
    try self.init { _ in response }
  }

  deinit {
    stop()
  }

  /// The URL for `path` on this server; `path` may carry a query, kept exactly as written.
  ///
  /// ```swift
  /// server.url("/search?q=a%26b")  // http://127.0.0.1:PORT/search?q=a%26b
  /// ```
  ///
  /// A missing leading "/" is added. Characters not allowed in a URL (such as spaces) are
  /// percent-encoded; existing "%XX" escapes are left alone.
  public func url(_ path: String) -> URL {
    let absolute = path.hasPrefix("/") ? path : "/" + path
    if let url = URL(string: baseURL.absoluteString + absolute) { return url }
    var allowed = CharacterSet.urlQueryAllowed
    allowed.insert(charactersIn: "%#")
    let encoded = absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute
    guard let url = URL(string: baseURL.absoluteString + encoded) else {
      preconditionFailure(
        "TestHTTPServer.url: \"\(path)\" does not form a URL; percent-encode it first.")
    }
    return url
  }

  /// Every request received so far, in the order their heads and bodies finished arriving.
  ///
  /// ```swift
  /// #expect(server.requests.map(\.method) == ["POST"])
  /// ```
  ///
  /// A request is recorded before its handler runs, so a delayed or cancelled request is here too.
  /// Bytes that did not form a valid request are answered with 400 and not recorded.
  public var requests: [TestHTTPRequest] {
    state.requests
  }

  /// Blocks until at least `count` requests have arrived; returns false if `timeout` passed first.
  ///
  /// ```swift
  /// task.resume()
  /// #expect(server.waitForRequests(count: 1))
  /// task.cancel()  // Now the server really is in the middle of this request.
  /// ```
  public func waitForRequests(count: Int, timeout: Duration = .seconds(5)) -> Bool {
    state.waitForRequests(count: count, timeout: timeout)
  }

  /// Blocks until no connection is open; returns false if `timeout` passed first.
  ///
  /// ```swift
  /// task.cancel()
  /// #expect(server.waitUntilIdle())  // The server noticed the hang-up and let go.
  /// ```
  ///
  /// A connection counts as open from `accept` until its thread has closed it, which includes a
  /// delayed response waiting out its delay.
  public func waitUntilIdle(timeout: Duration = .seconds(5)) -> Bool {
    state.waitUntilIdle(timeout: timeout)
  }

  /// Stops the server: no new connections, open ones are closed without an answer.
  ///
  /// ```swift
  /// server.stop()
  /// // Requests to server.url("/") now fail with URLError.cannotConnectToHost.
  /// ```
  ///
  /// Returns once the server's threads have ended (waiting at most 5 seconds, in case a handler
  /// never returns). Calling it again does nothing; calling it from a handler does not wait.
  public func stop() {
    state.stop()
    guard !state.isCurrentThreadAServerThread else { return }
    _ = state.threads.wait(timeout: .now() + 5)
  }
}

/// Runs `body` on a new thread counted in `state.threads`.
private func startThread(
  named name: String, state: ServerState, _ body: @escaping @Sendable (ServerState) -> Void
) {
  state.threads.enter()
  let thread = Thread {
    state.markCurrentThread()
    body(state)
    state.threads.leave()
  }
  thread.name = name
  thread.start()
}

/// Accepts connections until the server stops, each served on its own thread; then closes the
/// listener, which no other thread touches.
private func acceptConnections(on listener: Int32, state: ServerState) {
  defer { close(listener) }
  let wake = state.wakeDescriptor
  while waitUntil(POLLIN, on: listener, wake: wake, timeoutMilliseconds: -1) == .ready {
    // Close-on-exec as soon as possible (Glibc does not export accept4), so that a process another
    // test spawns does not inherit the connection.
    let client = accept(listener, nil, nil)
    if client >= 0 { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
    guard client >= 0 else {
      let code = errno
      if code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM {
        // Out of resources: the listener stays readable, so pause instead of spinning.
        _ = waitUntil(0, on: listener, wake: wake, timeoutMilliseconds: 50)
      }
      continue  // EAGAIN, EINTR, ECONNABORTED: the next poll decides.
    }
    configureConnectionSocket(client)
    guard state.connectionOpened() else {
      close(client)
      return
    }
    startThread(named: "TestHTTPServer connection", state: state) { state in
      serveConnection(client, state: state)
      state.connectionClosed()
    }
  }
}
