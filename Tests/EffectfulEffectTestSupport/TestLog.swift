import Foundation

/// Prints a test's figures (seeds, counts, timings) only when `EFFECTFUL_TEST_LOG=1` is set: a
/// passing `swift test` prints what a user needs, and a failing test says what it saw in its issue.
///
/// ```swift
/// testLog("model check: \(cases) cases, \(mismatches) mismatches")
/// ```
public func testLog(_ message: @autoclosure () -> String) {
  guard ProcessInfo.processInfo.environment["EFFECTFUL_TEST_LOG"] == "1" else { return }
  print(message())
}
