import Effectful

/// How a wait outside the test's own task ended: see
/// ``VirtualWorld/waitForTheTest(grace:isolation:isQuiet:until:)``.
enum WaitForTheTest {
  /// What it waited for holds.
  case done
  /// The grace passed with nothing moving: only the test could end the wait, and it did not.
  case graceRanOut
  /// Settling met an effect that never stops making progress.
  case runaway
  /// The waiting task was cancelled.
  case cancelled
}

extension VirtualWorld {
  /// How long a plain store's `finish()`, awaited outside the test's own task, gives the test to
  /// move virtual time while the store's effects only wait for it (a test store's is its
  /// `timeout`). A diagnostic bound for a misuse (nobody will advance): a test that advances from
  /// its own task meanwhile never meets it, since any advance starts it again.
  static let finishGrace = Duration.seconds(1)

  /// Waits in a task that is not the one owning this world's virtual time (a child task of the
  /// test, an `async let`, a `Task {}`, a view's `.task`) until `isDone` holds; gives up once
  /// `grace` of real time has passed in which `isQuiet` held throughout and nothing in the world
  /// moved (see ``progressMark``).
  ///
  /// The test may advance the clock meanwhile, and nothing but real time can tell that it will not:
  /// any advance, any job run, any task started, ended or woken starts the grace again. Only the
  /// test's own task can tell at once, and its `finish()` does not come here.
  ///
  /// It settles at each look, one settling at a time with the test's (see ``settle(limit:)``): work
  /// scheduled for now runs, an effect that never stops is found, as when the test itself looks.
  func waitForTheTest(
    grace: Duration, isolation: isolated (any Actor)? = #isolation, isQuiet: () -> Bool,
    until isDone: () -> Bool
  ) async -> WaitForTheTest {
    let realTime = ContinuousClock()
    var lastMark = progressMark
    var quietSince: ContinuousClock.Instant?
    while true {
      guard await settle() else { return .runaway }
      if isDone() { return .done }
      if Task.isCancelled { return .cancelled }
      let mark = progressMark
      if mark != lastMark || !isQuiet() {
        lastMark = mark
        quietSince = nil
      } else if let since = quietSince {
        if realTime.now - since >= grace { return .graceRanOut }
      } else {
        quietSince = realTime.now
      }
      try? await Task.sleep(for: Self.lookInterval)
    }
  }

  /// How often ``waitForTheTest(grace:isolation:isQuiet:until:)`` looks: often enough that
  /// `finish()` returns soon after the effects end, rarely enough to cost little while it waits.
  private static var lookInterval: Duration { .milliseconds(5) }
}
