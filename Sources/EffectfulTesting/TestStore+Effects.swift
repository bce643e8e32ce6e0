import Effectful
import Foundation

extension TestStore {
  /// Fails the test for each action a `forEach` or `ifLet` found no state for, at the line of the
  /// `send` or `receive` that reduced it.
  func reportFeatureMisuses() {
    let misuses = recorder.featureMisuses.withValue { list in
      defer { list = [] }
      return list
    }
    for misuse in misuses {
      fail(
        TestStoreMessage.missingState(misuse.origin.description, misuse.message), misuse.origin.file,
        misuse.origin.line)
    }
  }

  /// Effects started by this store that are still running, oldest first, skipped ones left out.
  var runningEffects: [StartedEffect] {
    recorder.startedEffects.filter { $0.lifetime.isRunning }
  }

  /// Whether anything, skipped or not, could still send an action.
  var hasRunningEffects: Bool {
    registry.runningCount > 0
  }

  /// Reports every `.run` error nothing handled and every output that arrived off the main thread since
  /// the last look, at the line of the call that started its effect, and reduces such an output, late,
  /// as if it had arrived on the main thread.
  func collectStrayDeliveries() {
    let errors = unhandledRunErrors.withValue { list in
      defer { list = [] }
      return list
    }
    for error in errors {
      // At the line of the step that started the effect, found by its top-level run; a run this store
      // no longer lists is reported where the effect was written.
      if let origin = recorder.startedEffects.first(where: { $0.lifetime === error.report.run })?.origin {
        fail(
          TestStoreMessage.unhandledRunError(origin.description, error.report.message), origin.file,
          origin.line)
      } else {
        fail(error.report.message, error.report.fileID, error.report.line)
      }
    }
    let strays = strayDeliveries.withValue { list in
      defer { list = [] }
      return list
    }
    for stray in strays {
      // Only this store's effects deliver here, so the output is one of its actions, tagged with
      // the step that started its effect.
      guard let recorded = stray.value as? RecordedAction<Action> else { continue }
      let origin: EffectOrigin
      switch recorded.source {
      case .effect(let startedBy): origin = startedBy.origin
      case .test(let step): origin = step.origin
      }
      fail(
        TestStoreMessage.deliveredOffMainThread(origin.description, describe(recorded.action)),
        origin.file, origin.line)
      store.send(recorded)
    }
    reportFeatureMisuses()
  }

  /// Settles virtual time without suspending (see ``VirtualWorld/settleSynchronously(limit:)``),
  /// then waits, running the main run loop, until `condition` holds, nothing is running that could
  /// make it hold, or `timeout` passes. Returns whether it holds.
  ///
  /// Waiting in real time needs the main thread: elsewhere (Swift Testing on Linux runs the main
  /// actor on a worker thread) the main queue cannot run while the test holds it, so the answer is
  /// what settling left.
  func waitSynchronously(
    timeout: Duration, file: StaticString, line: UInt, until condition: () -> Bool
  ) -> Bool {
    settleSynchronously(file: file, line: line)
    if condition() || onlyVirtualTimeCanWake { return condition() }
    guard Thread.isMainThread else { return false }
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while hasRunningEffects {
      let now = ContinuousClock.now
      if now >= deadline { break }
      let slice = min(Self.waitSlice, deadline - now)
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: slice.seconds))
      settleSynchronously(file: file, line: line)
      if condition() { return true }
    }
    return condition()
  }

  /// Settles virtual time (see ``VirtualWorld``), then waits, suspending the caller, until
  /// `condition` holds, nothing is running that could make it hold, or `timeout` passes. Returns
  /// whether it holds.
  ///
  /// Settling decides every test whose effects stay in virtual time, with no waiting. Only effects
  /// still running after that wait on something outside it (a real network call, a real clock): for
  /// those, real time passes, up to `timeout`, settling again as it does.
  ///
  /// With `gracesTheTest` (a `finish()`), awaited in a task that is not the test's own (a child
  /// task, an `async let`, a `Task {}`), it waits instead while the test may still advance: see
  /// ``waitForTheTest(timeout:file:line:until:)``.
  func waitAsynchronously(
    timeout: Duration, gracesTheTest: Bool = false, file: StaticString, line: UInt,
    until condition: () -> Bool
  ) async -> Bool {
    if gracesTheTest, !executor.world.isOwnedByCurrentTask {
      return await waitForTheTest(timeout: timeout, file: file, line: line, until: condition)
    }
    await settle(file: file, line: line)
    if condition() || onlyVirtualTimeCanWake { return condition() }
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while hasRunningEffects, !Task.isCancelled {
      let now = ContinuousClock.now
      if now >= deadline { break }
      try? await Task.sleep(for: min(Self.waitSlice, deadline - now))
      await settle(file: file, line: line)
      if condition() { return true }
    }
    return condition()
  }

  /// Waits, outside the test's own task, until `condition` holds, or until `timeout` of real time
  /// passed with nothing moving: no advance of a clock, no job or wake-up of an effect. Any of
  /// them starts the timeout again, so a test that advances meanwhile never meets it, and effects
  /// busy on real work are waited for as long as they make progress. Returns whether it holds.
  private func waitForTheTest(
    timeout: Duration, file: StaticString, line: UInt, until condition: () -> Bool
  ) async -> Bool {
    let outcome = await executor.world.waitForTheTest(grace: timeout, isQuiet: { true }, until: condition)
    if outcome == .runaway { reportRunaway(file: file, line: line) }
    collectStrayDeliveries()
    return condition()
  }

  /// Lets this store's virtual time settle and reduces what arrived meanwhile off the main thread;
  /// an effect that never lets it settle fails the test at `file`/`line`.
  func settle(file: StaticString, line: UInt) async {
    if await !executor.world.settle() { reportRunaway(file: file, line: line) }
    collectStrayDeliveries()
  }

  /// ``settle(file:line:)`` without suspending.
  func settleSynchronously(file: StaticString, line: UInt) {
    if !executor.world.settleSynchronously() { reportRunaway(file: file, line: line) }
    collectStrayDeliveries()
  }

  /// Reports an effect that never lets virtual time settle, once: every later look would find the
  /// same effect, and the first report already names the line where the test met it.
  private func reportRunaway(file: StaticString, line: UInt) {
    guard !hasReportedRunaway else { return }
    hasReportedRunaway = true
    fail(TestStoreMessage.neverSettles, file, line)
  }

  /// Cancels every effect in flight if one of them was reported as never settling: it would never
  /// end on its own, and each look would spend a settling's whole step limit on it again.
  func cancelRunaway() {
    guard hasReportedRunaway else { return }
    hasReportedRunaway = false
    registry.cancelAll(closing: false)
  }

  /// Whether every effect still running waits on a test clock: a wait in real time would only
  /// delay the failure it ends in.
  var onlyVirtualTimeCanWake: Bool {
    executor.onlyVirtualTimeCanWake(runningEffects: registry.runningCount)
  }

  /// What the clocks of this store's world wait for, as advice in a failure.
  var waitingAdvice: String { executor.world.waitingAdvice() }

  /// Short enough that a test waits little longer than its effects take, long enough not to spin.
  private static var waitSlice: Duration { .milliseconds(5) }
}

extension Duration {
  /// The duration in seconds, for Foundation APIs.
  var seconds: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
