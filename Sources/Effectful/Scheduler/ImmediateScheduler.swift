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

  public func schedule(_ action: @escaping @Sendable () -> Void) {
    action()
  }

  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
    action()
    return .done
  }

  @discardableResult
  public func schedule(
    after delay: Duration, every interval: Duration, _ action: @escaping @Sendable () -> Void
  ) -> ScheduledWork {
    action()
    return .done
  }
}
