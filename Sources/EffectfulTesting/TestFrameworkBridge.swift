import Effectful
import Testing

/// What Effectful finds by name to fail a test (see Effectful's `TestFramework`): its dependencies
/// read outside any store in a test, and its `unimplemented` placeholders, report here.
///
/// ```swift
/// TestFrameworkBridge.reportFailure(
///   "Unimplemented: NumberFactClient.fetch was called.")
/// ```
///
/// Effectful looks it up as `EffectfulTesting.TestFrameworkBridge`: renaming it breaks that (a test,
/// `TestFrameworkBridgeTests`, says so).
enum TestFrameworkBridge: TestFrameworkBridging {
  static func reportFailure(_ message: String) {
    reportTestFailure(message)
  }

  static func failureReporter(file: StaticString, line: UInt) -> @Sendable (String) -> Void {
    // Captured now, for a call from where Swift Testing sees no test (a detached task, a thread).
    let context = CapturedTestContext.capture()
    return { message in
      if Test.current == nil, let context {
        context.report(message, file: file, line: line)
      } else {
        reportTestFailure(message, file: file, line: line)
      }
    }
  }
}
