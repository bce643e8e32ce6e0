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
/// It covers the effects started while that `send` ran (the action's own, and those of actions
/// reduced right after it in the same send), as the app's `StoreTask` does.
@MainActor
public struct TestStoreTask: Sendable {
  let lifetimes: [EffectLifetime]
  /// Lets virtual time settle, and then waits in real time, as the store's `finish` does.
  let wait: @MainActor @Sendable (_ timeout: Duration?, _ until: @MainActor () -> Bool) async -> Bool
  let reportUnfinished: @MainActor @Sendable (_ file: StaticString, _ line: UInt) -> Void

  /// Cancels the effects and returns once their work has wound down: every `.run` among them has
  /// seen the cancellation and returned, as far as virtual time can take it.
  ///
  /// ```swift
  /// let task = store.send(.onTask)
  /// await task.cancel()
  /// ```
  public func cancel() async {
    for lifetime in lifetimes { lifetime.cancel() }
    _ = await wait(.zero) { false }
  }

  /// Returns once every effect has ended, its outputs reduced; reports a failure at the caller's line
  /// if they are still running after virtual time settled and `timeout` (the store's ``TestStore/timeout``
  /// by default) passed.
  ///
  /// ```swift
  /// await store.send(.refreshButtonTapped).finish()
  /// ```
  public func finish(timeout: Duration? = nil, file: StaticString = #filePath, line: UInt = #line) async {
    let lifetimes = lifetimes
    let ended = await wait(timeout) { lifetimes.allSatisfy { !$0.isRunning } }
    if !ended { reportUnfinished(file, line) }
  }

  /// Whether every effect was cancelled (by ``cancel()``, by id, or by the store ending the test);
  /// `false` for a send that started no effects.
  public var isCancelled: Bool {
    !lifetimes.isEmpty && lifetimes.allSatisfy(\.isCancelled)
  }
}
