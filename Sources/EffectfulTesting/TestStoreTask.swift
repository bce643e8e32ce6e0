import Effectful

/// The effects one ``TestStore/send(_:_:file:line:)`` started: cancel them as a view's task would
/// be cancelled, or wait for them to end.
///
/// ```swift
/// let task = store.send(.onTask)
/// await store.receive(.loaded(["a"])) { $0.items = ["a"] }
/// await task.cancel()   // the screen went away: its effects stop
/// ```
///
/// It is the app's own `StoreTask` for that send, so it covers exactly what the app's does: the
/// effects started while that `send` ran (the action's own, and those of actions reduced right
/// after it), and, transitively, those started by the actions those effects sent, such as a timer
/// a received `.onAppear` response started.
@MainActor
public struct TestStoreTask: Sendable {
  let task: StoreTask
  /// Settles and waits as the store's own looks do; nil once the store is gone.
  private let testStore: TestStoreHandle
  let origin: EffectOrigin

  init<Value, Action>(_ task: StoreTask, testStore: TestStore<Value, Action>, origin: EffectOrigin) {
    self.task = task
    self.testStore = TestStoreHandle(testStore)
    self.origin = origin
  }

  /// Cancels the effects and returns once their work has wound down: every `.run` among them has
  /// seen the cancellation and returned, as far as virtual time can take it.
  ///
  /// ```swift
  /// let task = store.send(.onTask)
  /// await task.cancel()
  /// ```
  public func cancel(file: StaticString = #filePath, line: UInt = #line) async {
    task.cancel()
    _ = await testStore.wait(.zero, false, file, line) { false }
  }

  /// Returns once every effect has ended, its outputs reduced; reports a failure at the caller's line
  /// if they are still running after virtual time settled and `timeout` (the store's ``TestStore/timeout``
  /// by default) passed.
  ///
  /// ```swift
  /// await store.send(.refreshButtonTapped).finish()
  /// ```
  ///
  /// Awaited by the test's own task, it fails at once when only an advance of a test clock could
  /// end the effects. Awaited in any other task (an `async let`, a task-group child, a `Task {}`),
  /// it waits while the test advances, and fails only once `timeout` has passed with nothing
  /// moving (no advance, no effect waking or running): any of them starts it again.
  ///
  /// ```swift
  /// async let ended: Void = store.send(.start).finish()
  /// await clock.advance(by: .seconds(3))
  /// await ended
  /// ```
  public func finish(timeout: Duration? = nil, file: StaticString = #filePath, line: UInt = #line) async {
    let task = task
    let ended = await testStore.wait(timeout, true, file, line) { task.isWoundDown }
    if !ended { testStore.reportUnfinished(origin, file, line) }
  }

  /// Whether every effect was cancelled (by ``cancel(file:line:)``, by id, or by the store ending the
  /// test); `false` for a send that started no effects.
  public var isCancelled: Bool {
    task.isCancelled
  }
}

/// What a ``TestStoreTask`` needs of its store, without its generic types.
@MainActor
private struct TestStoreHandle: Sendable {
  let wait:
    @MainActor @Sendable (
      _ timeout: Duration?, _ gracesTheTest: Bool, _ file: StaticString, _ line: UInt,
      _ until: @MainActor () -> Bool
    ) async -> Bool
  let reportUnfinished:
    @MainActor @Sendable (_ origin: EffectOrigin, _ file: StaticString, _ line: UInt) -> Void

  init<Value, Action>(_ store: TestStore<Value, Action>) {
    wait = { [weak store] timeout, gracesTheTest, file, line, condition in
      guard let store else { return condition() }
      return await store.waitAsynchronously(
        timeout: timeout ?? store.timeout, gracesTheTest: gracesTheTest, file: file, line: line
      ) {
        condition()
      }
    }
    reportUnfinished = { [weak store] origin, file, line in
      guard let store else { return }
      store.fail(
        TestStoreMessage.taskDidNotFinish(origin.description, advice: store.waitingAdvice), file, line)
    }
  }
}
