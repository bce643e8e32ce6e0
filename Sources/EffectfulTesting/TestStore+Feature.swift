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
  /// See ``init(initialValue:reducer:exhaustivity:withDependencies:failureReporter:)``.
  public convenience init<R: ReducerProtocol>(
    initialState: R.State,
    reducer: () -> R,
    withDependencies: (inout DependencyValues) -> Void = { _ in }
  ) where R.State == Value, R.Action == Action {
    self.init(initialValue: initialState, reducer: reducer().reducer, withDependencies: withDependencies)
  }
}
