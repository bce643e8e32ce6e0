/// Something that runs work now, later, or repeatedly, and can be told the time.
///
/// Effects that wait take a scheduler instead of reaching for a clock, so tests can swap in
/// `TestScheduler` and move time by hand:
///
/// ```swift
/// struct CounterEnvironment {
///   // DispatchQueue.main in the app, TestScheduler() in tests
///   var mainQueue: any Scheduler
/// }
/// return [
///   Effect.timer(
///     id: TimerID.timer, every: .seconds(1), on: environment.mainQueue
///   ).map { _ in .timerTick }
/// ]
/// ```
///
/// Conformances: `DispatchQueue`, ``ImmediateScheduler`` and `TestScheduler` (in EffectfulTesting).
public protocol Scheduler: Sendable {
  /// The scheduler's current time.
  var now: SchedulerInstant { get }

  /// Runs `action` as soon as the scheduler can, after work already scheduled for now.
  func schedule(_ action: @escaping @Sendable () -> Void)

  /// Runs `action` once, `delay` from now.
  @discardableResult
  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork

  /// Runs `action` `delay` from now, then every `interval` until cancelled.
  @discardableResult
  func schedule(
    after delay: Duration, every interval: Duration, _ action: @escaping @Sendable () -> Void
  ) -> ScheduledWork
}

/// A point in a scheduler's time: how long after the scheduler's own origin.
///
/// ```swift
/// let start = scheduler.now
/// // …
/// let elapsed = scheduler.now - start   // a Duration
/// ```
public struct SchedulerInstant: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Time since the scheduler's origin (boot for `DispatchQueue`, zero for a fresh `TestScheduler`).
  public var sinceOrigin: Duration

  /// Creates the instant `sinceOrigin` after the scheduler's origin.
  public init(sinceOrigin: Duration) {
    self.sinceOrigin = sinceOrigin
  }

  /// The instant `duration` later.
  public func advanced(by duration: Duration) -> SchedulerInstant {
    SchedulerInstant(sinceOrigin: sinceOrigin + duration)
  }

  /// Whether `lhs` comes before `rhs`: `scheduler.now < deadline`.
  public static func < (lhs: SchedulerInstant, rhs: SchedulerInstant) -> Bool {
    lhs.sinceOrigin < rhs.sinceOrigin
  }

  /// The instant `rhs` after `lhs`: `scheduler.now + .seconds(1)`.
  public static func + (lhs: SchedulerInstant, rhs: Duration) -> SchedulerInstant {
    lhs.advanced(by: rhs)
  }

  /// How long from `rhs` to `lhs`: `let elapsed = scheduler.now - start`.
  public static func - (lhs: SchedulerInstant, rhs: SchedulerInstant) -> Duration {
    lhs.sinceOrigin - rhs.sinceOrigin
  }

  /// The time since the origin, as a `Duration` prints it: "1.5 seconds".
  public var description: String { "\(sinceOrigin)" }
}

/// Work a scheduler will run later; `cancel()` makes sure it doesn't.
///
/// ```swift
/// let work = scheduler.schedule(after: .seconds(1)) { print("late") }
/// work.cancel()   // never prints
/// ```
///
/// Cancelling twice, or after the work ran, does nothing.
public final class ScheduledWork: Sendable {
  private let onCancel: LockedValue<(@Sendable () -> Void)?>

  /// Creates a handle that runs `cancel` the first time it is cancelled.
  public init(cancel: @escaping @Sendable () -> Void) {
    onCancel = LockedValue(cancel)
  }

  /// A handle for work that is already done: cancelling it does nothing.
  public static var done: ScheduledWork { ScheduledWork {} }

  /// Stops the work from running (again).
  public func cancel() {
    let action = onCancel.withValue { action in
      defer { action = nil }
      return action
    }
    action?()
  }
}

extension Duration {
  /// The duration in whole nanoseconds, clamped to what an `Int64` holds.
  package var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (fromSeconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? .min : .max }
    let (total, overflow2) = fromSeconds.addingReportingOverflow(attoseconds / 1_000_000_000)
    if overflow2 { return seconds < 0 ? .min : .max }
    return total
  }
}
