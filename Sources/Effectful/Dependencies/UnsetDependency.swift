/// The failure a built-in test value reports when used: the test did not set the dependency.
struct UnsetDependency: Sendable {
  let property: String
  let example: String
  /// The context of the test store that made the test value: captured, so that a use from an
  /// effect's task or another thread still reaches that test.
  let context: DependencyTestContext?

  init(_ property: String, example: String) {
    self.property = property
    self.example = example
    context = DependencyValues.current.testContext
  }

  func report(_ use: String) {
    if let context {
      context.report(
        """
        \(use) the test store's `\(property)`, which the test did not set: a test never uses the \
        real one. Set it in the test, `TestStore(…, withDependencies: { $0.\(property) = \(example) })`.
        """)
    } else if TestProcess.isRunning {
      TestProcess.report(
        """
        \(use) a `\(property)` read outside any store's dependencies (in a `Task.detached`, or a \
        callback on a thread of its own), in a test: a test never uses the real one, and this is \
        the failing test value. Read `\(property)` in the reducer or the `.run` and capture it.
        """)
    }
  }
}
