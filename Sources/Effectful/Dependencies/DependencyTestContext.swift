/// What a test store's dependencies share, in every copy and on every thread: the test values
/// read so far, and where a failure goes.
///
/// EffectfulTesting makes one per test store, with a `report` that reaches the test using the
/// store even from an effect's task or another thread: Effectful cannot import a test framework.
@usableFromInline
package final class DependencyTestContext: Sendable {
  /// Fails the test: a message naming what went wrong and how to fix it.
  package let report: @Sendable (String) -> Void
  /// Test values by key, so that a store reads one instance per key (a `uuid` that counts).
  private let values = LockedValue<[ObjectIdentifier: any Sendable]>([:])

  package init(report: @escaping @Sendable (String) -> Void) {
    self.report = report
  }

  /// The test value of `key`, read once per store. Read with `dependencies` in force, so that a
  /// key with no test value reports through this context even when read outside the store.
  func testValue<Key: TestDependencyKey>(of key: Key.Type, in dependencies: DependencyValues) -> Key.Value {
    let id = ObjectIdentifier(key)
    if let kept = values.withValue({ $0[id] }) as? Key.Value { return kept }
    // Outside the lock: a test value may read other dependencies.
    let made = DependencyValues.withCurrent(dependencies) { Key.testValue }
    return values.withValue { kept in
      if let first = kept[id] as? Key.Value { return first }
      kept[id] = made
      return made
    }
  }
}

extension DependencyValues {
  /// Reports, in the test whose store is reading, that `key` has no test value.
  static func reportMissingTestValue<Key: TestDependencyKey>(_ key: Key.Type) {
    let name = String(reflecting: key)
    let setting: String
    if let property = readingKeyPath {
      setting = "`withDependencies: { $0.\(property) = … }`"
    } else {
      // The runtime names a computed key path only where it has symbols (not on Linux): the
      // property is then guessed from the key's name by the usual convention, and said to be so.
      setting = """
        `withDependencies: { $0.\(guessedProperty(String(describing: key))) = … }` (the property of \
        DependencyValues that reads \(String(describing: key)))
        """
    }
    if let context = current.testContext {
      context.report(
        """
        \(name) has no test value, and a test store read it: a test never uses a live dependency. \
        Set it in the test, \(setting), or give \(name) a `testValue`.
        """)
    } else if TestProcess.isRunning {
      TestProcess.report(
        """
        \(name) has no test value, and a test read it outside any store's dependencies (in a \
        `Task.detached`, or a callback on a thread of its own): a test never uses a live \
        dependency. Read it in the reducer or the `.run` and capture it, or give \(name) a \
        `testValue`.
        """)
    }
  }

  /// `numberFact` for `NumberFactKey`.
  static func guessedProperty(_ keyName: String) -> String {
    let base = keyName.hasSuffix("Key") && keyName.count > 3 ? String(keyName.dropLast(3)) : keyName
    return base.prefix(1).lowercased() + base.dropFirst()
  }

  /// The property ``Dependency`` is reading under a test store, to name it in failures.
  @TaskLocal static var readingKeyPath: String?
}
