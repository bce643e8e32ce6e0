import Effectful
import EffectfulTesting
import Foundation
import Testing

/// Failures a test store reported, collected so that a test can check a deliberate one instead of
/// failing on it.
final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var messages: [String] = []

  var reporter: FailureReporter {
    { [self] message, _, _ in lock.withLock { messages.append(message) } }
  }

  var all: [String] { lock.withLock { messages } }
}

/// A value several tasks read and write.
final class Shared<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

/// A dependency with distinct live and test values, so that a test sees which one it read.
enum Flavor: DependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
}

extension DependencyValues {
  var flavor: String {
    get { self[Flavor.self] }
    set { self[Flavor.self] = newValue }
  }
}

/// Fired once, awaited by one task: a hand-off that waits without spinning.
final class Signal: Sendable {
  private let stream: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream()
  }

  func fire() { continuation.yield() }

  func wait() async {
    for await _ in stream { return }
  }
}
