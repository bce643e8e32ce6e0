import Effectful

extension TestStore {
  /// Creates a test store running a feature reducer, given in a trailing closure as the seeds
  /// write it.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let store = TestStore(initialState: CounterFeature.State()) {
  ///   CounterFeature()
  /// } withDependencies: {
  ///   $0.continuousClock = clock
  /// }
  /// ```
  ///
  /// The feature's `body` is evaluated with the test's dependencies in force, so a `body` that
  /// chooses its reducers by a dependency chooses as the test set it.
  ///
  /// - Parameters:
  ///   - initialState: The state the test starts from.
  ///   - exhaustivity: `.on` (the default) checks everything; `.off` only what the test asserts.
  ///   - failureReporter: Where failures go; the running test by default.
  ///   - reducer: Makes the feature under test.
  ///   - withDependencies: Sets the dependencies the test needs; see
  ///     ``init(initialValue:reducer:exhaustivity:withDependencies:failureReporter:)``.
  ///
  /// ```swift
  /// let store = TestStore(
  ///   initialState: AppFeature.State(), exhaustivity: .off
  /// ) {
  ///   AppFeature()
  /// }
  /// ```
  public convenience init<R: ReducerProtocol>(
    initialState: R.State,
    exhaustivity: Exhaustivity = .on,
    failureReporter: @escaping FailureReporter = { reportTestFailure($0, file: $1, line: $2) },
    reducer: () -> R,
    withDependencies: (inout DependencyValues) -> Void = { _ in }
  ) where R.State == Value, R.Action == Action {
    self.init(
      initialValue: initialState, makeReducer: { reducer().reducer }, exhaustivity: exhaustivity,
      withDependencies: withDependencies, failureReporter: failureReporter)
  }
}
