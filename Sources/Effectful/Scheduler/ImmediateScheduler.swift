/// A scheduler that runs everything at once, on the caller's thread, ignoring delays.
///
/// For tests and previews that don't care about time:
///
/// ```swift
/// let environment = CounterEnvironment(mainQueue: ImmediateScheduler())
/// ```
///
/// Repeating work runs once (running it forever at once would never return). Use `TestScheduler`
/// when a test is about time.
public struct ImmediateScheduler: Scheduler {
  /// Creates an immediate scheduler.
  public init() {}

  /// Always the origin: no time passes on an immediate scheduler.
  public var now: SchedulerInstant { SchedulerInstant(sinceOrigin: .zero) }

  /// Runs `action` as soon as the scheduler can: `ImmediateScheduler().schedule { print("soon") }`.
  /// On an immediate scheduler that is right now, before `schedule` returns.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    action()
  }

  /// Runs `action` once, `delay` from now:
  /// `ImmediateScheduler().schedule(after: .seconds(1)) { print("later") }`.
  /// An immediate scheduler ignores the delay.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
    action()
    return .done
  }

  /// Runs `action` `delay` from now, then every `interval` until cancelled:
  /// `ImmediateScheduler().schedule(after: .seconds(1), every: .seconds(1)) { print("tick") }`.
  /// An immediate scheduler runs it once, at once.
  @discardableResult
  public func schedule(
    after delay: Duration, every interval: Duration, _ action: @escaping @Sendable () -> Void
  ) -> ScheduledWork {
    action()
    return .done
  }
}

extension Scheduler where Self == ImmediateScheduler {
  /// A scheduler that runs everything at once: `effect.delay(for: .seconds(1), scheduler: .immediate)`.
  public static var immediate: ImmediateScheduler { ImmediateScheduler() }
}
