/// How Effectful, which cannot import a test framework, fails a test: through EffectfulTesting,
/// found by name at run time when it is linked into the process.
///
/// ```swift
/// TestFramework.bridge?.reportFailure("Unimplemented: …")
/// ```
///
/// Found, not installed: nothing has to run first (a test that only calls an `unimplemented`
/// placeholder still fails), and nothing in the process changes. A test target links
/// EffectfulTesting whenever it uses a test store; without it, failures go to standard error.
package protocol TestFrameworkBridging: Sendable {
  /// Fails the running test (Swift Testing's or XCTest's) with `message`.
  static func reportFailure(_ message: String)
  /// A way to fail, from any thread, the test running where this is called, at `file:line`: the
  /// context a placeholder keeps from where it was made.
  static func failureReporter(file: StaticString, line: UInt) -> @Sendable (String) -> Void
}

package enum TestFramework {
  /// EffectfulTesting's bridge, if it is linked: its `TestFrameworkBridge` enum, by mangled name.
  package static let bridge: (any TestFrameworkBridging.Type)? =
    _typeByName("16EffectfulTesting19TestFrameworkBridgeO") as? any TestFrameworkBridging.Type
}
