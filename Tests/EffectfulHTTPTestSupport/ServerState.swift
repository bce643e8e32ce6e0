import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// What a ``TestHTTPServer`` shares with its accept thread and connection threads.
///
/// `@unchecked Sendable` because `condition` guards every `var` below; the `let`s are set once in
/// `init` and never change. Threads hold this object, not the server, so that dropping the last
/// reference to the server runs its `deinit`, which stops them.
final class ServerState: @unchecked Sendable {
  let handler: @Sendable (TestHTTPRequest) -> TestHTTPResponse
  /// Read end of the wake-up pipe; every `poll` in the server watches it.
  let wakeDescriptor: Int32
  /// Entered for the accept thread and each connection thread, left when each one ends.
  let threads = DispatchGroup()
  private let threadMarker = UUID().uuidString
  private static let threadMarkerKey = "HTTPTestSupport.TestHTTPServer"

  private let condition = NSCondition()
  private var wakeWriteDescriptor: Int32?  // nil once stopped
  private var received: [TestHTTPRequest] = []
  private var openConnections = 0

  init(
    handler: @escaping @Sendable (TestHTTPRequest) -> TestHTTPResponse,
    wakePipe: (read: Int32, write: Int32)
  ) {
    self.handler = handler
    wakeDescriptor = wakePipe.read
    wakeWriteDescriptor = wakePipe.write
  }

  deinit {
    // Only reached when no server thread is left, so no `poll` can be watching this descriptor.
    close(wakeDescriptor)
    if let write = wakeWriteDescriptor { close(write) }
  }

  var requests: [TestHTTPRequest] {
    locked { received }
  }

  func record(_ request: TestHTTPRequest) {
    locked {
      received.append(request)
      condition.broadcast()
    }
  }

  /// Counts a new connection; false if the server is stopping and the connection must be dropped.
  func connectionOpened() -> Bool {
    locked {
      guard wakeWriteDescriptor != nil else { return false }
      openConnections += 1
      return true
    }
  }

  func connectionClosed() {
    locked {
      openConnections -= 1
      condition.broadcast()
    }
  }

  /// Wakes every server thread by closing the pipe's write end: its read end then stays readable.
  func stop() {
    locked {
      guard let write = wakeWriteDescriptor else { return }
      close(write)
      wakeWriteDescriptor = nil
    }
  }

  /// Blocks until `count` requests have arrived or `timeout` passes; returns whether they arrived.
  func waitForRequests(count: Int, timeout: Duration) -> Bool {
    wait(timeout: timeout) { received.count >= count }
  }

  /// Blocks until no connection is open or `timeout` passes; returns whether none is.
  func waitUntilIdle(timeout: Duration) -> Bool {
    wait(timeout: timeout) { openConnections == 0 }
  }

  /// Blocks until `isDone`, which runs under the lock, holds or `timeout` passes.
  private func wait(timeout: Duration, until isDone: () -> Bool) -> Bool {
    let (seconds, attoseconds) = timeout.components
    let deadline = Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18)
    return locked {
      while !isDone() {
        guard condition.wait(until: deadline) else { return isDone() }
      }
      return true
    }
  }

  // NSLocking.withLock needs macOS 14, and the package supports macOS 13.
  private func locked<Result>(_ body: () -> Result) -> Result {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }

  /// Marks the calling thread as one of this server's, so that `stop()` called from it (say, by a
  /// handler) does not wait for itself.
  func markCurrentThread() {
    Thread.current.threadDictionary[Self.threadMarkerKey] = threadMarker
  }

  var isCurrentThreadAServerThread: Bool {
    Thread.current.threadDictionary[Self.threadMarkerKey] as? String == threadMarker
  }
}
