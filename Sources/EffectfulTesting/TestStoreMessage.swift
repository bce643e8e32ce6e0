/// The failure messages of ``TestStore``: what happened, then what to do about it.
enum TestStoreMessage {
  static func leakedAcrossTests(createdIn owner: String, usedIn current: String) -> String {
    """
    This TestStore was made in the test "\(owner)" and is now used in "\(current)". A test store \
    belongs to one test: make a new one in each test (one kept in a global or a static outlives its \
    test, and its effects' actions land in the next test that uses it).
    """
  }

  static func stateMismatch(_ step: String, _ difference: String?) -> String {
    "The state after \(step) is not the one the test described.\n\n" + explain(difference)
  }

  static func undescribedChange(_ step: String, _ difference: String?) -> String {
    """
    \(step) changed the state, but the test described no change. Describe it in a closure: \
    `store.send(…) { $0.field = newValue }`.

    """ + explain(difference)
  }

  static func expectedChangeDidNotHappen(_ step: String) -> String {
    """
    The state did not change after \(step), but the test's closure describes a change that made no \
    difference (the state already had those values). If no change is expected, leave the closure out.
    """
  }

  static func mutationThrew(_ step: String, _ error: any Error) -> String {
    "The closure describing the state after \(step) threw an error: \(error)"
  }

  static func unreceivedBeforeSend(_ step: String, _ pending: [String]) -> String {
    """
    \(step) was sent before \(counted(pending.count, "action")) that effects sent \
    \(pending.count == 1 ? "was" : "were") received:
    \(bulleted(pending))
    Receive \(pending.count == 1 ? "it" : "them") first with `store.receive(…)`, or call \
    `store.skipReceivedActions()`.
    """
  }

  static func unreceivedAtEnd(_ action: String, startedBy step: String) -> String {
    """
    An effect started by \(step) sent \(action), which the test did not receive. Receive it with \
    `store.receive(…)`, or call `store.skipReceivedActions()`.
    """
  }

  static func missingState(_ step: String, _ message: String) -> String {
    "\(step) reached a forEach or ifLet with no state for it.\n\n\(message)"
  }

  static func stillRunning(_ step: String, advice: String) -> String {
    """
    An effect started by \(step) is still running at the end of the test. An effect must finish or be \
    cancelled before the test ends: send the action that stops it (a timer's off switch), let what \
    it waits for happen, or call `store.skipInFlightEffects()` if the test does not care. \
    \(advice)
    """
  }

  /// Advice for a `receive` that waited in vain while effects were still running.
  enum WaitHint {
    /// A synchronous `receive` on the main actor off the main thread, which cannot run the main queue.
    case synchronousOffMainThread
    /// An `async` `receive` that waited its timeout.
    case asyncWork
  }

  static func nothingReceived(
    _ expected: String, pending: [String], running: [String], hint: WaitHint?, advice: String
  ) -> String {
    var message = "Expected to receive \(expected), but no effect sent it."
    if !pending.isEmpty {
      message += " Effects sent only:\n" + bulleted(pending)
    }
    if running.isEmpty {
      message += "\nNo effect is running, so none can send it any more."
    } else {
      message +=
        "\nStill running:\n" + bulleted(running.map { "an effect started by \($0)" }) + "\n"
        + advice
    }
    switch hint {
    case .synchronousOffMainThread:
      message += """

        This synchronous test holds the main actor off the main thread (Swift Testing on Linux), so \
        effects delivering on DispatchQueue.main or the main actor cannot run: make the test `async` \
        and `await store.receive(…)`.
        """
    case .asyncWork:
      message += """

        The test waited its timeout for them after virtual time had settled. Effects on a TestClock \
        need no waiting, only `advance`; for real work, raise the timeout \
        (`receive(…, timeout: .seconds(5))`).
        """
    case nil:
      break
    }
    return message
  }

  static func unexpectedAction(_ expected: String, received: String, _ difference: String?) -> String {
    var message = "Expected to receive \(expected), but received \(received)."
    if let difference { message += "\n\n" + difference }
    return message
  }

  static func deliveredOffMainThread(_ step: String, _ action: String) -> String {
    """
    An effect started by \(step) delivered \(action) on a background thread, but a store lives on the \
    main actor (the app's Store stops the program here). End the effect with \
    `.receive(on: DispatchQueue.main)`, or the scheduler from its environment (a TestScheduler in tests).
    """
  }

  static func unhandledRunError(_ step: String, _ report: String) -> String {
    "An effect started by \(step) failed. \(report)"
  }

  static let neverSettles = """
    Effects never stopped running in virtual time: some `.run` keeps making progress without \
    suspending on a clock (a loop that only yields or only sends). Make it wait on the clock, or end it.
    """

  static func taskDidNotFinish(_ step: String, advice: String) -> String {
    """
    The effects started by \(step) did not finish. \(advice)
    """
  }

  static func skippedBeforeReceive(_ step: String) -> String {
    "Received \(step) before the action this receive matched, and passed over it."
  }

  static let nothingToSkip = "There were no received actions to skip."

  static let noEffectsToSkip = "There were no running effects to skip."

  private static func explain(_ difference: String?) -> String {
    difference ?? "The two states print the same, but `==` says they differ."
  }

  private static func counted(_ count: Int, _ noun: String) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
  }

  private static func bulleted(_ items: [String]) -> String {
    items.map { "  • " + $0 }.joined(separator: "\n")
  }
}
