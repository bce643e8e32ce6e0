/// A clock's test value: fails the test when slept on, and its sleep throws `CancellationError`,
/// so that the effect stops as if cancelled instead of waiting in real time.
struct FailingClock: Clock, Sendable {
  typealias Duration = Swift.Duration
  typealias Instant = SchedulerInstant

  let unset: UnsetDependency

  /// Time stands still at zero: reading it is not waiting, so it does not fail the test.
  var now: SchedulerInstant { SchedulerInstant(sinceOrigin: .zero) }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: SchedulerInstant, tolerance: Duration? = nil) async throws {
    unset.report("An effect slept on")
    throw CancellationError()
  }
}
