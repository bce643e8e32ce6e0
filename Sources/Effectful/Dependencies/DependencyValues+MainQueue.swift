import Dispatch

extension DependencyValues {
  /// The scheduler effects deliver on and wait on: `DispatchQueue.main` in the app; in a test
  /// store, a scheduler that fails the test and drops the work unless the test sets one.
  ///
  /// ```swift
  /// @Dependency(\.mainQueue) var mainQueue
  /// return Effect.timer(id: TimerID.timer, every: .seconds(1), on: mainQueue)
  /// // in the test:
  /// let scheduler = TestScheduler()
  /// let store = TestStore(
  ///   initialValue: State(), reducer: reducer,
  ///   withDependencies: { $0.mainQueue = scheduler })
  /// ```
  ///
  /// Given to `delay`, `debounce`, `throttle`, `Effect.timer` or `receive(on:)` in a store on
  /// another actor, the main queue stands for that actor: the work runs there, not on the main one.
  public var mainQueue: any Scheduler {
    get { self[MainQueueKey.self] }
    set { self[MainQueueKey.self] = newValue }
  }
}

private enum MainQueueKey: DependencyKey {
  static var liveValue: any Scheduler { DispatchQueue.main }
  static var testValue: any Scheduler {
    FailingScheduler(unset: UnsetDependency("mainQueue", example: "TestScheduler()"))
  }
}
