/// A clock whose sleeps return at once, moving its time forward by the amount slept: for previews,
/// offline demos and tests that do not care about time.
///
/// ```swift
/// let environment = CounterFeature.Environment(clock: ImmediateClock())
/// // a timer effect on it ticks as fast as the store reduces the ticks
/// ```
///
/// A sleep still checks for cancellation first and throws `CancellationError` in a cancelled task, so
/// a cancelled timer loop ends. Copies of a clock share their time.
public struct ImmediateClock: Clock, Sendable {
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
