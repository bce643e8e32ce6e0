/// A scheduler's test value: fails the test when given work, and drops the work, which would
/// otherwise run on the real main queue.
struct FailingScheduler: Scheduler {
  let unset: UnsetDependency

  /// Time stands still at zero: reading it schedules nothing, so it does not fail the test.
  var now: SchedulerInstant { SchedulerInstant(sinceOrigin: .zero) }

  func schedule(_ action: @escaping @Sendable () -> Void) {
    unset.report("An effect scheduled work on")
  }

  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
    unset.report("An effect scheduled work on")
    return .done
  }

  func schedule(
    after delay: Duration, every interval: Duration, _ action: @escaping @Sendable () -> Void
  ) -> ScheduledWork {
    unset.report("An effect scheduled work on")
    return .done
  }
}
