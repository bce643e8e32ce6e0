import EffectfulTesting
import Foundation

/// Collects the failures a `TestStore` reports, so a test can check each one instead of failing.
final class FailureLog: @unchecked Sendable {
  struct Failure: Sendable, CustomStringConvertible {
    let message: String
    let file: String
    let line: UInt

    var description: String { "\((file as NSString).lastPathComponent):\(line): \(message)" }
  }

  private let lock = NSLock()
  // Guarded by `lock`.
  private var storage: [Failure] = []

  /// A reporter that appends to this log.
  var reporter: FailureReporter {
    { [self] message, file, line in
      lock.lock()
      storage.append(Failure(message: message, file: "\(file)", line: line))
      lock.unlock()
    }
  }

  var failures: [Failure] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }

  var isEmpty: Bool { failures.isEmpty }

  func removeAll() {
    lock.lock()
    storage.removeAll()
    lock.unlock()
  }
}
