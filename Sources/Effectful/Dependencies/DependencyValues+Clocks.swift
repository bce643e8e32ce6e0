extension DependencyValues {
  /// The clock that measures elapsed time, also while the machine sleeps: `ContinuousClock()` in
  /// the app; in a test store, a clock that fails the test when slept on unless the test sets one.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// // in an effect:
  /// for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
  /// // in the test:
  /// let clock = TestClock()
  /// let store = TestStore(
  ///   initialValue: Timer.State(), reducer: Timer().reducer,
  ///   withDependencies: { $0.continuousClock = clock })
  /// ```
  ///
  /// A `TestClock` set here is the test's virtual time, like one passed in an environment.
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }

  /// The clock that stops while the machine sleeps: `SuspendingClock()` in the app; in a test
  /// store, a clock that fails the test when slept on unless the test sets one.
  ///
  /// ```swift
  /// @Dependency(\.suspendingClock) var clock
  /// try await clock.sleep(for: .seconds(5))
  /// ```
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockKey.self] }
    set { self[SuspendingClockKey.self] = newValue }
  }
}

private enum ContinuousClockKey: DependencyKey {
  static var liveValue: any Clock<Duration> { ContinuousClock() }
  static var testValue: any Clock<Duration> {
    FailingClock(unset: UnsetDependency("continuousClock", example: "TestClock()"))
  }
}

private enum SuspendingClockKey: DependencyKey {
  static var liveValue: any Clock<Duration> { SuspendingClock() }
  static var testValue: any Clock<Duration> {
    FailingClock(unset: UnsetDependency("suspendingClock", example: "TestClock()"))
  }
}
