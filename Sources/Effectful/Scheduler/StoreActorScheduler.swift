import Dispatch

/// A scheduler that stands for "where the store lives" rather than for a place of its own: the main
/// queue and the clock forms' scheduler. For a store on the main actor it is used as it is; for a
/// store on another actor, the effect operators replace it, as the effect starts, with a
/// ``StoreActorScheduler`` that keeps its time but runs the work on the store's actor.
protocol StandsForStoreActor: Scheduler {
  /// A scheduler with the same time that runs its work on any thread, never the main one; `nil`
  /// when this value is a place of its own after all (a dispatch queue other than the main one).
  var offMainTiming: (any Scheduler)? { get }
}

extension DispatchQueue: StandsForStoreActor {
  /// For the main queue, its time (both read `DispatchTime`) kept by a global queue.
  var offMainTiming: (any Scheduler)? {
    MainActorCheck.isMainQueue(self) ? DispatchQueue.global() : nil
  }
}

/// The scheduler of a store on an actor other than the main one: it waits with another scheduler's
/// time and then runs the work on the store's actor, through the store's ``StoreMailbox``, marked
/// as running there, so that what the work delivers is reduced at once.
///
/// That is how a `delay`, `debounce`, `throttle`, `timer` or `receive(on:)` written with the main
/// queue or a clock, as a main-actor feature writes them, never touches the main actor when the
/// same feature runs in a store on another actor.
struct StoreActorScheduler: Scheduler {
  let timing: any Scheduler
  let mailbox: StoreMailbox

  /// The scheduler to use instead of `scheduler` for an effect of `registry`'s store, or `nil` to
  /// use `scheduler` as it is: the store is on the main actor, or the scheduler is a place of its
  /// own (a global queue, a test scheduler).
  init?(standingIn scheduler: some Scheduler, for registry: CancellationRegistry) {
    // The mailbox first: a store on the main actor has none, and pays one load for this.
    guard let mailbox = registry.mailbox,
      let timing = (scheduler as? any StandsForStoreActor)?.offMainTiming
    else { return nil }
    self.timing = timing
    self.mailbox = mailbox
  }

  var now: SchedulerInstant { timing.now }

  func schedule(_ action: @escaping @Sendable () -> Void) {
    mailbox.post(action)
  }

  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
    let hop = CancellableHop(action)
    let work = timing.schedule(after: delay) { [mailbox] in mailbox.post { hop.run() } }
    return ScheduledWork {
      work.cancel()
      hop.cancel()
    }
  }

  func schedule(
    after delay: Duration, every interval: Duration, _ action: @escaping @Sendable () -> Void
  ) -> ScheduledWork {
    let hop = CancellableHop(action)
    let work = timing.schedule(after: delay, every: interval) { [mailbox] in mailbox.post { hop.run() } }
    return ScheduledWork {
      work.cancel()
      hop.cancel()
    }
  }
}

/// Work on its way to the store's actor: a cancel made on the actor after the wait ended, but
/// before the work got there, still wins, and releases the work at once.
private final class CancellableHop: Sendable {
  private let action: LockedValue<(@Sendable () -> Void)?>

  init(_ action: @escaping @Sendable () -> Void) {
    self.action = LockedValue(action)
  }

  func run() {
    action.withValue { $0 }?()
  }

  func cancel() {
    // Released outside the lock: releasing captures can run arbitrary deinits.
    _ = action.take()
  }
}
