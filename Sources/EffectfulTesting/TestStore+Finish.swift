import Effectful
import Foundation

extension TestStore {
  /// Checks the story so far as the end of a test would: waits for running effects to finish, then
  /// fails for any action not received and any effect still running, and cancels what is left.
  ///
  /// ```swift
  /// store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
  /// scheduler.advance(by: .seconds(1))
  /// store.receive(.timerTick) { $0.count = 1 }
  /// store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = false }
  /// store.finish()
  /// ```
  ///
  /// The same checks run when the store goes away, so calling it is optional. Call it to report at a
  /// line of your choice, or to give effects on real queues time to end (a `receive(on:
  /// DispatchQueue.main)` effect ends just after its last output). A still-running effect is reported
  /// at the line of the `send` or `receive` that started it. In non-exhaustive mode nothing is waited
  /// for or reported; everything is cancelled.
  ///
  /// The store stays usable afterwards: a later `send` starts a new chapter of the story, with its
  /// own effects, and a later `finish()` (or the store going away) checks that chapter again:
  ///
  /// ```swift
  /// store.finish()
  /// store.send(.incrementButtonTapped) { $0.count = 2 }
  /// store.finish()
  /// ```
  ///
  /// Waiting runs the main run loop, which needs the main thread; under Swift Testing use
  /// `await store.finish()`.
  public func finish(timeout: Duration? = nil, file: StaticString = #filePath, line: UInt = #line) {
    if exhaustivity.isExhaustive {
      _ = waitSynchronously(timeout: timeout ?? self.timeout, file: file, line: line) {
        runningEffects.isEmpty
      }
    }
    endTest(at: EffectOrigin(description: "finish()", file: file, line: line))
  }

  /// Ends the test here, suspending while effects on real queues finish; see
  /// ``finish(timeout:file:line:)``.
  ///
  /// ```swift
  /// store.send(.saveButtonTapped)
  /// await store.receive(.saveResponse(.success(())))
  /// await store.finish()
  /// ```
  ///
  /// Awaited outside the test's own task (an `async let`, a `Task {}`), it waits while the test
  /// advances the clock, until `timeout` passes with nothing moving, as
  /// ``TestStoreTask/finish(timeout:file:line:)`` does.
  public func finish(timeout: Duration? = nil, file: StaticString = #filePath, line: UInt = #line) async {
    if exhaustivity.isExhaustive {
      _ = await waitAsynchronously(
        timeout: timeout ?? self.timeout, gracesTheTest: true, file: file, line: line
      ) {
        runningEffects.isEmpty
      }
    }
    endTest(at: EffectOrigin(description: "finish()", file: file, line: line))
  }

  /// Passes over every step effects have caused so far without checking them: the app lived them (they
  /// are in ``value`` already), the test does not tell them.
  ///
  /// ```swift
  /// store.send(.appLaunched) { $0.isLoading = true }
  /// // the launch's responses: not what this test is about
  /// store.skipReceivedActions()
  /// store.send(.settingsButtonTapped) { $0.route = .settings }
  /// ```
  ///
  /// Effects those actions started keep running as usual; what they send later must be received.
  /// - Parameters:
  ///   - strict: Fail if there was nothing to skip (the default), which keeps a stale call from
  ///     hiding a change in behaviour.
  ///   - file: The test's file, for failures.
  ///   - line: The test's line, for failures.
  public func skipReceivedActions(strict: Bool = true, file: StaticString = #filePath, line: UInt = #line) {
    settleSynchronously(file: file, line: line)
    skipTransitions(strict: strict, file: file, line: line)
  }

  /// Passes over every step effects have caused so far without checking them, once virtual time
  /// has settled: what an effect that answers at once sent is there to skip.
  ///
  /// ```swift
  /// store.send(.appLaunched) { $0.isLoading = true }
  /// await store.skipReceivedActions()
  /// ```
  ///
  /// See the synchronous ``skipReceivedActions(strict:file:line:)-6humq``.
  public func skipReceivedActions(
    strict: Bool = true, file: StaticString = #filePath, line: UInt = #line
  ) async {
    await settle(file: file, line: line)
    skipTransitions(strict: strict, file: file, line: line)
  }

  private func skipTransitions(strict: Bool, file: StaticString, line: UInt) {
    if recorder.transitions.isEmpty {
      if strict { fail(TestStoreMessage.nothingToSkip, file, line) }
      return
    }
    recorder.transitions.removeAll()
  }

  /// Stops tracking the effects running now, so the end of the test does not require them to finish.
  ///
  /// ```swift
  /// store.send(.onAppear)                // starts a long-lived subscription
  /// store.skipInFlightEffects()
  /// ```
  ///
  /// The effects keep running: actions they send must still be received (or skipped). They are
  /// cancelled when the test ends.
  /// - Parameters:
  ///   - strict: Fail if no effect was running (the default).
  ///   - file: The test's file, for failures.
  ///   - line: The test's line, for failures.
  public func skipInFlightEffects(strict: Bool = true, file: StaticString = #filePath, line: UInt = #line) {
    let cancelled = cancelRunawayEffects()
    settleSynchronously(file: file, line: line)
    skipEffects(strict: strict && !cancelled, file: file, line: line)
  }

  /// Stops tracking the effects running now, once virtual time has settled, so the end of the test
  /// does not require them to finish.
  ///
  /// ```swift
  /// store.send(.onAppear)
  /// await store.skipInFlightEffects()
  /// ```
  ///
  /// See the synchronous ``skipInFlightEffects(strict:file:line:)-86odd``.
  public func skipInFlightEffects(
    strict: Bool = true, file: StaticString = #filePath, line: UInt = #line
  ) async {
    let cancelled = cancelRunawayEffects()
    await settle(file: file, line: line)
    skipEffects(strict: strict && !cancelled, file: file, line: line)
  }

  /// After an effect was reported as never settling, skipping cancels what is in flight: that
  /// effect would never end on its own. Returns whether it did.
  private func cancelRunawayEffects() -> Bool {
    guard hasReportedRunaway else { return false }
    cancelRunaway()
    return true
  }

  private func skipEffects(strict: Bool, file: StaticString, line: UInt) {
    if runningEffects.isEmpty, strict {
      fail(TestStoreMessage.noEffectsToSkip, file, line)
    }
    recorder.startedEffects.removeAll()
  }

  /// The end-of-test checks, at `finish()` or when the store goes away (`location == nil`); afterwards
  /// nothing is left running and nothing is waiting, so they never report the same thing twice.
  func endTest(at location: EffectOrigin?) {
    // An effect already reported as never settling is stopped first, not settled and reported again.
    let hadRunaway = hasReportedRunaway
    cancelRunaway()
    // Every look settles first, the end of the test too: an effect that ends as soon as it runs is
    // not "still running" because its task had not had a turn yet.
    settleSynchronously(file: location?.file ?? #filePath, line: location?.line ?? #line)
    for step in recorder.transitions.elements {
      failIfExhaustive(
        TestStoreMessage.unreceivedAtEnd(describe(step.action), startedBy: step.sender.description),
        location?.file ?? step.sender.file, location?.line ?? step.sender.line)
    }
    for effect in runningEffects where !hadRunaway {
      failIfExhaustive(
        TestStoreMessage.stillRunning(effect.origin.description, advice: waitingAdvice),
        effect.origin.file, effect.origin.line)
    }
    recorder.transitions.removeAll()
    recorder.startedEffects.removeAll()
    // After `finish()` the story may go on: the registry stays open for what the test sends next.
    registry.cancelAll(closing: location == nil)
  }
}
