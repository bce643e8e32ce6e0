import Dispatch

/// `DispatchQueue` is the scheduler of a running app: `DispatchQueue.main` for the store's effects.
///
/// ```swift
/// Effect.timer(id: TimerID.timer, every: .seconds(1), on: DispatchQueue.main)
/// ```
///
/// Its ``Scheduler/now`` counts from boot (`DispatchTime.now()`), so it is only meaningful relative to
/// another instant of the same queue.
extension DispatchQueue: Scheduler {
  public var now: SchedulerInstant {
    SchedulerInstant(sinceOrigin: .nanoseconds(DispatchTime.now().uptimeNanoseconds))
  }

  public func schedule(_ action: @escaping @Sendable () -> Void) {
    async(execute: action)
  }

  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
    let item = DispatchWorkItem(block: action)
    asyncAfter(deadline: .now() + .nanoseconds(Int(max(0, delay.nanoseconds))), execute: item)
    let handle = UncheckedSendable(item)  // DispatchWorkItem is thread-safe; it just isn't marked so
    return ScheduledWork { handle.value.cancel() }
  }

  @discardableResult
  public func schedule(
    after delay: Duration, every interval: Duration, _ action: @escaping @Sendable () -> Void
  ) -> ScheduledWork {
    let timer = DispatchSource.makeTimerSource(queue: self)
    timer.setEventHandler(handler: action)
    timer.schedule(
      deadline: .now() + .nanoseconds(Int(max(0, delay.nanoseconds))),
      repeating: .nanoseconds(Int(max(1, interval.nanoseconds))))
    timer.resume()
    let source = UncheckedSendable(timer)  // DispatchSource is thread-safe; it just isn't marked so
    return ScheduledWork { source.value.cancel() }
  }
}
