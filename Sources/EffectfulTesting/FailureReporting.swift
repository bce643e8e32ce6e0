import Effectful
import Foundation
import Testing
import XCTest

/// Where a ``TestStore`` sends its failures: a message and the test's own file and line.
///
/// ```swift
/// let store = TestStore(initialValue: 0, reducer: reducer)
/// store.failureReporter = { message, file, line in
///   print("\(file):\(line): \(message)")
/// }
/// ```
///
/// The default, ``reportTestFailure(_:file:line:)``, fails the running test. Replace it to collect
/// failures instead, as the test store's own tests do to prove each failure is caught. It is usually
/// called on the main actor, where the store lives, but a dependency with no test value may report
/// from the thread that used it: a reporter that collects must be thread-safe (it is `@Sendable`).
public typealias FailureReporter = @Sendable (_ message: String, _ file: StaticString, _ line: UInt) -> Void

/// Fails the running test at `file:line`, under whichever framework runs it: Swift Testing
/// (`Issue.record`) or XCTest (`XCTFail`).
///
/// ```swift
/// func assertSorted(
///   _ values: [Int], file: StaticString = #filePath, line: UInt = #line
/// ) {
///   if values != values.sorted() {
///     reportTestFailure("\(values) is not sorted", file: file, line: line)
///   }
/// }
/// ```
///
/// The framework is chosen when the failure happens: inside a Swift Testing test (`Test.current` is
/// set) the failure is an issue of that test; otherwise it goes to `XCTFail`. Outside any test (say,
/// in an executable) XCTest ignores it, so nothing is reported.
public func reportTestFailure(_ message: String, file: StaticString = #filePath, line: UInt = #line) {
  if let collected = CollectedFailures.current {
    collected.failures.withValue {
      $0.append(CollectedFailure(message: message, file: "\(file)", line: line))
    }
  } else if Test.current != nil {
    Issue.record(Comment(rawValue: message), sourceLocation: issueLocation(file: file, line: line))
  } else {
    XCTFail(message, file: file, line: line)
  }
}

/// A `#fileID`-style `Module/File.swift` for a `#filePath`, which is all our API takes.
///
/// Swift Testing requires a module part; SwiftPM keeps each module's sources in a folder named for it,
/// so the parent folder is the module name in the usual layout. It only labels the issue: Swift Testing
/// and IDEs locate it by the full path.
/// Shows what a non-exhaustive ``TestStore`` passed over without failing the test: a known issue
/// under Swift Testing, a line on standard error under XCTest (which has no known issues on Linux).
func reportSkippedAssertion(_ message: String, file: StaticString, line: UInt) {
  let text = "Skipped assertion (the test store is not exhaustive): \(message)"
  if let collected = CollectedFailures.current {
    collected.failures.withValue {
      $0.append(CollectedFailure(message: text, file: "\(file)", line: line, isSkippedAssertion: true))
    }
  } else if Test.current != nil {
    withKnownIssue {
      Issue.record(Comment(rawValue: text), sourceLocation: issueLocation(file: file, line: line))
    }
  } else {
    FileHandle.standardError.write(Data("\(file):\(line): \(text)\n".utf8))
  }
}

/// Where Swift Testing shows an issue reported at `file`/`line`.
func issueLocation(file: StaticString, line: UInt) -> SourceLocation {
  let path = "\(file)"
  return SourceLocation(fileID: fileID(forPath: path), filePath: path, line: max(1, Int(line)), column: 1)
}

func fileID(forPath path: String) -> String {
  let parts = path.split(separator: "/", omittingEmptySubsequences: true)
  guard let fileName = parts.last else { return "Unknown/Unknown.swift" }
  let module = parts.count >= 2 ? parts[parts.count - 2] : "Unknown"
  return "\(module)/\(fileName)"
}

/// A failure that `reportTestFailure` collected instead of reporting.
struct CollectedFailure: Equatable, Sendable {
  var message: String
  var file: String
  var line: UInt
  /// Shown by a non-exhaustive store, not a failure: see ``reportSkippedAssertion(_:file:line:)``.
  var isSkippedAssertion = false
}

/// Where failures go while `collectingFailures` runs: the test tooling's own tests check that
/// a misuse is reported, and what it says, without recording a known issue that reads like a failure
/// in a passing run's output.
final class CollectedFailures: Sendable {
  @TaskLocal static var current: CollectedFailures?
  let failures = LockedValue<[CollectedFailure]>([])
}

/// Runs `body`, returning the failures reported in it (and in the tasks it starts) instead of
/// failing the running test.
///
/// ```swift
/// let failures = await collectingFailures {
///   await clock.advance(by: .seconds(-1))
/// }
/// #expect(failures.count == 1)
/// ```
func collectingFailures(
  isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
) async rethrows -> [CollectedFailure] {
  let collected = CollectedFailures()
  try await CollectedFailures.$current.withValue(collected, operation: body, isolation: isolation)
  return collected.failures.withValue { $0 }
}

/// The synchronous form of `collectingFailures`.
func collectingFailures(_ body: () throws -> Void) rethrows -> [CollectedFailure] {
  let collected = CollectedFailures()
  try CollectedFailures.$current.withValue(collected) { try body() }
  return collected.failures.withValue { $0 }
}
