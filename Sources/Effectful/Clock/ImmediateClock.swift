/// A clock whose sleeps return at once, moving its time forward by the amount slept: for previews,
/// offline demos and tests that do not care about time.
///
/// ```swift
/// let store = withDependencies {
///   $0.continuousClock = ImmediateClock()
/// } operation: {
///   Store(
///     initialValue: CounterFeature.State(),
///     reducer: CounterFeature.reducer())
/// }
/// // a timer effect on it ticks as fast as the store reduces the ticks
/// ```
///
/// A sleep still checks for cancellation first and throws `CancellationError` in a cancelled task, so
/// a cancelled timer loop ends. Copies of a clock share their time.
public struct ImmediateClock: Clock, Scheduler, Sendable {
  public typealias Duration = Swift.Duration
  public typealias Instant = SchedulerInstant

  private let time: LockedValue<SchedulerInstant>

  /// A clock whose time starts at `now` (zero by default).
  ///
  /// ```swift
  /// let clock = ImmediateClock()
  /// ```
  public init(now: SchedulerInstant = SchedulerInstant(sinceOrigin: .zero)) {
    time = LockedValue(now)
  }

  /// The clock's time: where the latest sleep ended.
  public var now: SchedulerInstant {
    time.withValue { $0 }
  }

  /// Nothing finer than an attosecond, which `Duration` counts in.
  public var minimumResolution: Duration { .zero }

  /// Returns at once (after checking for cancellation), with ``now`` moved to `deadline` if that is
  /// later.
  ///
  /// ```swift
  /// try await ImmediateClock().sleep(for: .seconds(60))   // returns at once
  /// ```
  public func sleep(until deadline: SchedulerInstant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    time.withValue { now in now = max(now, deadline) }
    // Let other work run between the steps of a loop, as a real sleep would.
    await Task.yield()
  }
}

// A scheduler too, so that the clock forms of `delay`, `debounce` and `throttle` run at once on it,
// on the caller's thread, as an ``ImmediateScheduler`` does, moving the clock's time as they go.
extension ImmediateClock {
  /// Runs `action` at once: `ImmediateClock().schedule { print("now") }`.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    action()
  }

  /// Moves the clock `delay` forward and runs `action` at once.
  ///
  /// ```swift
  /// ImmediateClock().schedule(after: .seconds(1)) { print("now") }
  /// ```
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
    let deadline = now.advanced(by: max(.zero, delay))
    time.withValue { now in now = max(now, deadline) }
    action()
    return .done
  }

  /// Runs `action` once, at once, as ``ImmediateScheduler`` does (running it for ever at once
  /// would never return).
  ///
  /// ```swift
  /// let clock = ImmediateClock()
  /// clock.schedule(after: .zero, every: .seconds(1)) { print("once") }
  /// ```
  @discardableResult
  public func schedule(
    after delay: Duration, every interval: Duration, _ action: @escaping @Sendable () -> Void
  ) -> ScheduledWork {
    schedule(after: delay, action)
  }
}
