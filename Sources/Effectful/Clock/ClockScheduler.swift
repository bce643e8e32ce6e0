import Dispatch

/// A clock seen as a ``Scheduler`` that runs its work where the store lives: what the clock forms
/// of `delay`, `debounce` and `throttle` run on.
///
/// A clock that is a scheduler already (`TestClock`, ``ImmediateClock``) is used as it is, so that
/// a test's virtual time runs the work itself. Any other clock (`ContinuousClock` in an app) gets a
/// task per piece of work that sleeps on the clock and then hops to the main actor; cancelling the
/// work cancels the task, and work cancelled on the main actor after its sleep ended never runs.
/// For a store on another actor, the operators replace the hop to the main actor with one to the
/// store's actor (see ``StoreActorScheduler``).
func storeScheduler(for clock: any Clock<Duration>) -> any Scheduler {
  if let scheduler = clock as? any Scheduler { return scheduler }
  return makeClockScheduler(clock)
}

/// Opens the existential, so that the scheduler keeps the clock's own instant type.
private func makeClockScheduler<C: Clock>(_ clock: C) -> any Scheduler where C.Duration == Duration {
  ClockScheduler(clock, origin: ClockOrigins.origin(of: clock), hopsToMainActor: true)
}

/// The instant every clock scheduler of one instant type measures its `now` from.
///
/// Each reducer call makes a scheduler of its own, and what `throttle` keeps per id (when an output
/// last passed) is read by the schedulers of later calls: their `now`s must share one origin, or an
/// output is held, or let through, by the gap between two schedulers' starts. Any two instants of
/// one type are comparable, so one origin per instant type (the first `now` seen) serves every
/// clock of that type; the table holds one entry per type, so it stays small.
private enum ClockOrigins {
  private static let origins = LockedValue<[ObjectIdentifier: any Sendable]>([:])

  static func origin<C: Clock>(of clock: C) -> C.Instant {
    let key = ObjectIdentifier(C.Instant.self)
    return origins.withValue { origins in
      if let origin = origins[key] as? C.Instant { return origin }
      let origin = clock.now
      origins[key] = origin
      return origin
    }
  }
}

private struct ClockScheduler<C: Clock>: StandsForStoreActor where C.Duration == Duration {
  let clock: C
  let origin: C.Instant
  /// Whether work runs on the main actor after its sleep, or in the sleeping task itself (the
  /// timing of a ``StoreActorScheduler``, which hops to the store's actor).
  let hopsToMainActor: Bool

  init(_ clock: C, origin: C.Instant, hopsToMainActor: Bool) {
    self.clock = clock
    self.origin = origin
    self.hopsToMainActor = hopsToMainActor
  }

  /// The same clock and origin, so the same `now`, without the main actor.
  var offMainTiming: (any Scheduler)? {
    ClockScheduler(clock, origin: origin, hopsToMainActor: false)
  }

  var now: SchedulerInstant {
    SchedulerInstant(sinceOrigin: origin.duration(to: clock.now))
  }

  func schedule(_ action: @escaping @Sendable () -> Void) {
    if hopsToMainActor {
      DispatchQueue.main.async(execute: action)
    } else {
      Task { action() }
    }
  }

  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
    let deadline = clock.now.advanced(by: delay)
    let task = Task { [clock, hopsToMainActor] in
      do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
      await Self.run(action, onMainActor: hopsToMainActor)
    }
    return ScheduledWork { task.cancel() }
  }

  func schedule(
    after delay: Duration, every interval: Duration, _ action: @escaping @Sendable () -> Void
  ) -> ScheduledWork {
    precondition(interval > .zero, "a repeating interval must be positive, got \(interval)")
    // On a grid from the first deadline, so that a late wake-up does not push every later one.
    var deadline = clock.now.advanced(by: delay)
    let task = Task { [clock, hopsToMainActor] in
      while true {
        do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
        await Self.run(action, onMainActor: hopsToMainActor)
        deadline = deadline.advanced(by: interval)
      }
    }
    return ScheduledWork { task.cancel() }
  }

  /// Runs `action` unless the task was cancelled first, on the main actor if asked: a cancel made on
  /// the main actor after the sleep ended, but before this hop, still wins.
  private static func run(_ action: @escaping @Sendable () -> Void, onMainActor: Bool) async {
    guard onMainActor else {
      if !Task.isCancelled { action() }
      return
    }
    await MainActor.run {
      if !Task.isCancelled { action() }
    }
  }
}
