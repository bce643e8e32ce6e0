import Effectful
import Testing

/// Where a test store's dependencies report a failure (a key with no test value, a clock the test
/// did not set), from the reducer, an effect's task or another thread.
///
/// It reports through the test store's current ``TestStore/failureReporter``, at the line of the
/// step the store reduced last: the `send` or `receive` whose story reached the dependency. From
/// where Swift Testing sees no test (a `DispatchQueue` block, a thread of its own), it reports in
/// the context of the test that made the store, as `unimplemented` placeholders do.
final class DependencyFailureReporting: Sendable {
  private let reporter: LockedValue<FailureReporter>
  private let location = LockedValue<(file: StaticString, line: UInt)>((#filePath, #line))
  private let context = CapturedTestContext.capture()

  init(_ reporter: @escaping FailureReporter) {
    self.reporter = LockedValue(reporter)
  }

  func setReporter(_ reporter: @escaping FailureReporter) {
    self.reporter.withValue { $0 = reporter }
  }

  /// Called with each step the store reduces.
  func setLocation(file: StaticString, line: UInt) {
    location.withValue { $0 = (file, line) }
  }

  func report(_ message: String) {
    let reporter = self.reporter.withValue { $0 }
    let (file, line) = location.withValue { $0 }
    if Test.current == nil, let context {
      context.report(message, file: file, line: line, reporter: reporter)
    } else {
      reporter(message, file, line)
    }
  }
}
