import Dispatch

/// A clock seen as a ``Scheduler`` that runs its work on the main actor: what the clock forms of
/// `delay`, `debounce` and `throttle` run on.
///
/// A clock that is a scheduler already (`TestClock`, ``ImmediateClock``) is used as it is, so that
/// a test's virtual time runs the work itself. Any other clock (`ContinuousClock` in an app) gets a
/// task per piece of work that sleeps on the clock and then hops to the main actor; cancelling the
/// work cancels the task, and work cancelled on the main actor after its sleep ended never runs.
func mainActorScheduler(for clock: any Clock<Duration>) -> any Scheduler {
  if let scheduler = clock as? any Scheduler { return scheduler }
  return makeClockScheduler(clock)
}

/// Opens the existential, so that the scheduler keeps the clock's own instant type.
private func makeClockScheduler<C: Clock>(_ clock: C) -> any Scheduler where C.Duration == Duration {
  ClockScheduler(clock)
}

private struct ClockScheduler<C: Clock>: Scheduler where C.Duration == Duration {
  let clock: C
  let origin: C.Instant

  init(_ clock: C) {
    self.clock = clock
    self.origin = clock.now
  }

  var now: SchedulerInstant {
    SchedulerInstant(sinceOrigin: origin.duration(to: clock.now))
  }

  func schedule(_ action: @escaping @Sendable () -> Void) {
    DispatchQueue.main.async(execute: action)
  }

  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
    let deadline = clock.now.advanced(by: delay)
    let task = Task { [clock] in
      do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
      await Self.runOnMainActor(action)
    }
    return ScheduledWork { task.cancel() }
  }

  func schedule(
    after delay: Duration, every interval: Duration, _ action: @escaping @Sendable () -> Void
  ) -> ScheduledWork {
    precondition(interval > .zero, "a repeating interval must be positive, got \(interval)")
    // On a grid from the first deadline, so that a late wake-up does not push every later one.
    var deadline = clock.now.advanced(by: delay)
    let task = Task { [clock] in
      while true {
        do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
        await Self.runOnMainActor(action)
        deadline = deadline.advanced(by: interval)
      }
    }
    return ScheduledWork { task.cancel() }
  }

  /// Runs `action` on the main actor unless the task was cancelled first: a cancel made on the main
  /// actor after the sleep ended, but before this hop, still wins.
  private static func runOnMainActor(_ action: @escaping @Sendable () -> Void) async {
    await MainActor.run {
      if !Task.isCancelled { action() }
    }
  }
}
