import Dispatch

/// `DispatchQueue` is the scheduler of a running app: `DispatchQueue.main` for the store's effects.
/// In the effect operators, `DispatchQueue.main` stands for the store's actor: for a store on
/// another actor they keep its time but run the work on that actor, never the main one.
///
/// ```swift
/// Effect.timer(
///   id: TimerID.timer, every: .seconds(1), on: DispatchQueue.main)
/// ```
///
/// Its ``Scheduler/now`` counts from boot (`DispatchTime.now()`), so it is only meaningful relative to
/// another instant of the same queue.
extension DispatchQueue: Scheduler {
  /// The time since boot, from `DispatchTime.now()`: `let start = DispatchQueue.main.now`.
  public var now: SchedulerInstant {
    SchedulerInstant(sinceOrigin: .nanoseconds(DispatchTime.now().uptimeNanoseconds))
  }

  /// Runs `action` as soon as the scheduler can: `DispatchQueue.main.schedule { print("soon") }`.
  /// On a queue that is `async`.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    async(execute: action)
  }

  /// Runs `action` once, `delay` from now:
  /// `DispatchQueue.main.schedule(after: .seconds(1)) { print("later") }`.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
    // A cancelled DispatchWorkItem keeps its block until its deadline: the block reaches `action`
    // through a slot that cancelling empties, so `action` and its captures are released at once.
    let pending = LockedValue<(@Sendable () -> Void)?>(action)
    let item = DispatchWorkItem { pending.take()?() }
    asyncAfter(deadline: .now() + .nanoseconds(Int(max(0, delay.nanoseconds))), execute: item)
    let handle = UncheckedSendable(item)  // DispatchWorkItem is thread-safe; it just isn't marked so
    return ScheduledWork {
      handle.value.cancel()
      // Released here, outside the slot's lock: releasing captures can run arbitrary deinits.
      _ = pending.take()
    }
  }

  /// Runs `action` `delay` from now, then every `interval` until cancelled:
  /// `DispatchQueue.main.schedule(after: .seconds(1), every: .seconds(1)) { print("tick") }`.
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

// The episode writes `.receive(on: .main)`. A parameter of type `some Scheduler` looks `.main` up on
// the protocol, so the queues people name that way are offered there too.
extension Scheduler where Self == DispatchQueue {
  /// The main queue, where a store's effects deliver: `effect.receive(on: .main)`.
  public static var main: DispatchQueue { DispatchQueue.main }

  /// A global concurrent queue: `effect.delay(for: .seconds(1), scheduler: .global())`.
  public static func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue {
    DispatchQueue.global(qos: qos)
  }
}
