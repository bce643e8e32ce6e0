/// The effects one `send` started: wait for them to end, or cancel them.
///
/// ```swift
/// // A view: the effects of .onTask stop when the view's task is cancelled.
/// .task { await store.send(.onTask).finish() }
///
/// // A test: wait for the action's effects, their outputs reduced.
/// await store.send(.factButtonTapped).finish()
/// #expect(store.value.fact != nil)
/// ```
///
/// It covers every effect started while that `send` ran (the action's own, and those of the actions
/// reduced right after it in the same send: `.send` outputs, synchronous effects, observer sends),
/// and, transitively, the effects started by the actions those effects send: cancelling the
/// `.task` of a screen stops the timer its `.onAppear` response started, too.
///
/// An effect counts until it has ended and its `.run` tasks have returned: ``finish(file:line:)`` after
/// ``cancel()`` returns once the cancelled operations have wound down, not before.
///
/// A send that started no effects returns a task with nothing in it, at no cost: `finish()` returns
/// at once. So does a send made while the store is already reducing (its action is reduced within
/// the outer send, whose task covers its effects), and a send made by an effect's output (what it
/// starts joins that effect's task).
public struct StoreTask: Sendable {
  /// The first run the send started that did not end as it started. It stands for the task: the
  /// group of the runs the task covers is made only when somebody needs one (a second run of the
  /// send, an output of the run starting another run, the task's `finish()`, `cancel()` or state),
  /// once, and kept in this run's record (see ``RegistryState/taskGroup(of:)``). Most sends that
  /// start anything start one run, and a group costs an allocation, a lock and a second allocation
  /// for its member list (cancel.startCancel in BENCHMARKS.md).
  @usableFromInline
  let firstRun: EffectLifetime?

  @inlinable
  init(_ firstRun: EffectLifetime?) {
    self.firstRun = firstRun
  }

  /// The group of the runs this task covers, made now if nothing needed it before.
  private var group: StoreTaskGroup? {
    firstRun.map(StoreTaskGroup.ofTask(of:))
  }

  /// Returns once every effect has ended, finished or cancelled, its outputs reduced by the store,
  /// and every `.run` task among them has returned.
  ///
  /// ```swift
  /// await store.send(.refreshButtonTapped).finish()
  /// ```
  ///
  /// Cancelling the task that awaits it cancels the effects, as ``cancel()`` does, and it returns
  /// once they have wound down: that is how a view's `.task { await store.send(.onTask).finish() }`
  /// stops work when the view goes away.
  ///
  /// In a test, a store's effects run in virtual time, which belongs to the test's own task: the
  /// test's own `finish()` settles it first, and if the effects then wait on a `TestClock` that only
  /// the test could advance, it fails at `file`/`line` saying which advance to write, instead of
  /// waiting for ever.
  ///
  /// Awaited in any other task (a view's `.task`, a child task of the test, an `async let`, a
  /// `Task {}` the test awaits), it gives the test a grace to advance: once every effect has waited
  /// on virtual time alone for a second of real time with nothing moving (no advance, no effect
  /// waking or running), it fails at `file`/`line` naming the advance to write, and returns,
  /// leaving the effects running. Any advance starts the grace again, so a test that advances from
  /// its own task meanwhile never meets it; effects awake on real work are waited for.
  ///
  /// ```swift
  /// async let ended: Void = store.send(.start).finish()
  /// await clock.advance(by: .seconds(3))   // the test's own task
  /// await ended
  /// ```
  ///
  /// Outside a test it waits for as long as the effects run. ``finish(timeout:file:line:)``
  /// bounds the whole wait instead.
  public func finish(file: StaticString = #filePath, line: UInt = #line) async {
    guard let group else { return }
    if let starter = group.registry.taskStarter,
      await starter.finishInVirtualTime(
        until: { group.isWoundDown }, gracesTheTest: true, file: file, line: line)
    {
      return
    }
    await withTaskCancellationHandler {
      await group.wait()
    } onCancel: {
      group.cancel()
    }
  }

  /// ``finish(file:line:)`` with a bound in real time: returns `true` once every effect has ended,
  /// or `false` once `timeout` has passed first, leaving them running.
  ///
  /// ```swift
  /// let save = store.send(.saveButtonTapped)
  /// if await !save.finish(timeout: .seconds(5)) { save.cancel() }
  /// ```
  ///
  /// In a test, a timeout that passes fails the test at `file`/`line`, naming what the effects
  /// still wait on (the `clock.advance(by:)` to write, when they sleep on a `TestClock`). It bounds
  /// the whole wait, whoever awaits it, in place of the grace plain `finish()` gives the test
  /// outside its own task. Awaited by the test's own task, it fails at once, as `finish()` does,
  /// when only an advance could end the effects. Cancelling the task that awaits it cancels the
  /// effects.
  @discardableResult
  public func finish(
    timeout: Duration, file: StaticString = #filePath, line: UInt = #line
  ) async -> Bool {
    guard let group else { return true }
    let starter = group.registry.taskStarter
    if let starter,
      await starter.finishInVirtualTime(
        until: { group.isWoundDown }, gracesTheTest: false, file: file, line: line)
    {
      return group.isWoundDown
    }
    let ended = await withTaskCancellationHandler {
      await group.wait(timeout: timeout)
    } onCancel: {
      group.cancel()
    }
    guard !ended, let starter else { return ended }
    return await starter.finishAfterTimeout(
      until: { group.isWoundDown }, timeout: timeout, file: file, line: line)
  }

  /// Cancels every effect still running, as cancelling them by id would: nothing they send afterwards
  /// reaches the store. Their tasks may still be winding down; ``finish(file:line:)`` waits for them.
  ///
  /// ```swift
  /// let timer = store.send(.toggleTimerButtonTapped)
  /// timer.cancel()
  /// ```
  public func cancel() {
    group?.cancel()
  }

  /// Whether every effect was cancelled (by ``cancel()``, by id, or by the store going away); `false`
  /// for a send that started no effects, and for effects that finished on their own.
  public var isCancelled: Bool {
    group?.everyRunWasCancelled ?? false
  }
}

extension StoreTask {
  /// Whether every effect has ended and its tasks have returned (at once, for a send that started
  /// none): what a test store checks while it settles virtual time, instead of waiting blindly.
  package var isWoundDown: Bool {
    group?.isWoundDown ?? true
  }
}
