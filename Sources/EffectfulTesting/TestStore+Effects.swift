import Effectful
import Foundation

extension TestStore {
  /// Starts one effect the way a `Store` does: under a lifetime in the store's registry, delivering
  /// through a closure that checks the thread and the output's provenance, and reducing what arrives.
  ///
  /// - Parameter transition: The recorded step whose action returned the effect; nil for `send`.
  func start(_ effect: Effect<Action>, origin: EffectOrigin, transition: Int?) {
    let lifetime = EffectLifetime(registry: registry)
    effect.start(in: lifetime, receive: delivery(from: origin))
    // As in Store: effects that are already over (`.send`, `.sync`) are not tracked, nor kept.
    guard registry.track(lifetime) else { return }
    startedBySend?.append(lifetime)
    // Pruned when the list has doubled since the last pruning: amortized O(1) per effect.
    if startedEffects.count >= startedEffectsPruneThreshold {
      startedEffects.removeAll { !$0.lifetime.isRunning }
      startedEffectsPruneThreshold = max(16, 2 * startedEffects.count)
    }
    startedEffects.append(StartedEffect(lifetime: lifetime, origin: origin, transition: transition))
  }

  /// Where an effect started by `origin` delivers: the store's delivery, which also remembers who
  /// started the effect, for messages.
  private func delivery(from origin: EffectOrigin) -> @Sendable (Action, Provenance?) -> Void {
    let strays = strayDeliveries
    return { [weak self] action, provenance in
      guard MainActorCheck.isOnMainActor else {
        // The app's Store would stop here. The test store cannot touch its state from this thread, so
        // it keeps the action for the main actor to report, and to deliver, so the story goes on. It is
        // checked for cancellation now: by the time the main actor looks, a one-shot effect has ended.
        guard provenance.isLive else { return }
        strays.withValue { $0.append(StrayDelivery(action: UncheckedSendable(action), origin: origin)) }
        return
      }
      // On the main queue, so on the main actor; the action never leaves this thread.
      let delivery = UncheckedSendable(action)
      MainActor.assumeIsolated {
        // As in Store: after every cancellation this store has processed, nothing cancelled gets through.
        guard let self, provenance.isLive else { return }
        self.deliver(delivery.value, sentBy: origin)
      }
    }
  }

  /// The task a `send` returns for the runs it started.
  func makeTask(_ lifetimes: [EffectLifetime], origin: EffectOrigin) -> TestStoreTask {
    TestStoreTask(
      lifetimes: lifetimes,
      wait: { [weak self] timeout, condition in
        guard let self else { return condition() }
        return await waitAsynchronously(timeout: timeout ?? self.timeout, until: condition)
      },
      reportUnfinished: { [weak self] file, line in
        self?.fail(TestStoreMessage.taskDidNotFinish(origin.description), file, line)
      })
  }

  /// Fails the test for each action a `forEach` or `ifLet` found no state for, at the line of the
  /// `send` or `receive` that reduced it.
  func reportFeatureMisuses() {
    let misuses = featureMisuses.withValue { list in
      defer { list = [] }
      return list
    }
    for misuse in misuses {
      fail(TestStoreMessage.missingState(misuse.origin.description, misuse.message), misuse.origin.file, misuse.origin.line)
    }
  }

  /// Names the effects that step `number` started after the `receive` that checked it, the line where
  /// the story mentions them.
  func renameEffects(startedBy number: Int, to origin: EffectOrigin) {
    for index in startedEffects.indices where startedEffects[index].transition == number {
      startedEffects[index].origin = origin
    }
  }

  /// Effects started by this store that are still running, oldest first, skipped ones left out.
  var runningEffects: [StartedEffect] {
    startedEffects.filter { $0.lifetime.isRunning }
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
      if let origin = startedEffects.first(where: { $0.lifetime === error.report.run })?.origin {
        fail(TestStoreMessage.unhandledRunError(origin.description, error.report.message), origin.file, origin.line)
      } else {
        fail(error.report.message, error.report.fileID, error.report.line)
      }
    }
    let strays = strayDeliveries.withValue { list in
      defer { list = [] }
      return list
    }
    for stray in strays {
      let action = stray.action.value
      fail(
        TestStoreMessage.deliveredOffMainThread(stray.origin.description, describe(action)),
        stray.origin.file, stray.origin.line)
      deliver(action, sentBy: stray.origin)
    }
  }

  /// Waits, without leaving the caller's synchronous context, until `condition` holds, nothing is
  /// running that could make it hold, or `timeout` passes. Returns whether it holds.
  ///
  /// Waiting means running the main run loop in short slices, so work on `DispatchQueue.main` and the
  /// main actor gets done. That only works on the main thread: elsewhere (Swift Testing on Linux runs
  /// the main actor on a worker thread) the main queue cannot run while the test holds it, so there is
  /// nothing to wait for and the answer is immediate.
  func waitSynchronously(timeout: Duration, until condition: () -> Bool) -> Bool {
    collectStrayDeliveries()
    if condition() { return true }
    guard Thread.isMainThread else { return false }
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while hasRunningEffects {
      let now = ContinuousClock.now
      if now >= deadline { break }
      let slice = min(Self.waitSlice, deadline - now)
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: slice.seconds))
      collectStrayDeliveries()
      if condition() { return true }
    }
    return condition()
  }

  /// Waits, suspending the caller, until `condition` holds, nothing is running that could make it hold,
  /// or `timeout` passes. Returns whether it holds.
  ///
  /// First virtual time settles (see ``VirtualTime``): every `.run` effect goes as far as it can and
  /// work due now on the test's clocks runs, which decides every test whose effects stay in virtual
  /// time, with no waiting. Only effects still running after that wait on something outside it (a
  /// real network call, a real clock): for those, real time passes, up to `timeout`, settling again
  /// as it does.
  func waitAsynchronously(timeout: Duration, until condition: () -> Bool) async -> Bool {
    collectStrayDeliveries()
    if condition() { return true }
    await settleVirtualTime()
    if condition() { return true }
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while hasRunningEffects, !Task.isCancelled {
      let now = ContinuousClock.now
      if now >= deadline { break }
      try? await Task.sleep(for: min(Self.waitSlice, deadline - now))
      await settleVirtualTime()
      if condition() { return true }
    }
    return condition()
  }

  /// Lets virtual time settle and reduces what arrived meanwhile off the main thread.
  func settleVirtualTime() async {
    if await !VirtualTime.settle() {
      fail(TestStoreMessage.neverSettles, #filePath, #line)
    }
    collectStrayDeliveries()
  }

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
