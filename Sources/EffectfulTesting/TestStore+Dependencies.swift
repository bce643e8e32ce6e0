import Effectful

extension TestStore {
  /// The dependencies the store's reducer and the effects it starts from now on read. Change one
  /// in the middle of a test:
  ///
  /// ```swift
  /// let minute = Date(timeIntervalSince1970: 60)
  /// store.dependencies.date = .constant(minute)
  /// store.send(.refreshTapped) { $0.updatedAt = minute }
  /// ```
  ///
  /// An effect already running keeps those of the step that started it.
  public var dependencies: DependencyValues {
    get { store.dependencies }
    set { store.dependencies = newValue }
  }
}

/// The values a test store starts with: those in force where it is made (an enclosing
/// `withDependencies`), in the test context, changed by the test's `update`.
func testDependencies(
  failures: DependencyFailureReporting, update: (inout DependencyValues) -> Void
) -> DependencyValues {
  var values = DependencyValues.inForce
  values.testContext = DependencyTestContext(report: { failures.report($0) })
  update(&values)
  return values
}
