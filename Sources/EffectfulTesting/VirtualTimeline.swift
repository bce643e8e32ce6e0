import Effectful

/// Virtual time and the work waiting on it: what ``TestClock`` and ``TestScheduler`` are made of.
///
/// One queue holds both kinds of waiting: callback work a scheduler was given (`schedule(after:)`,
/// repeating or not) and tasks sleeping on a clock. Both fire in deadline order, equal deadlines in
/// the order they were scheduled, with ``now`` at the deadline while they fire. Firing callback work
/// runs it on the caller's thread; firing a sleep resumes its task, which runs later, on the virtual
/// executor of its store (see ``VirtualWorld``): the clock's `advance` then settles before it fires the
/// next.
///
/// A clock's timeline keeps work scheduled for the current instant (`schedule { }`, a
/// `receive(on:)` hop, a zero delay) apart, in the order it came: it is part of the step that made
/// it, and settling runs it, one piece at a time once every task has suspended, before the next
/// thing due fires. So a step (one deadline fired, and all it caused) is whole: an effect that
/// wakes, sends through `receive(on: clock)` and ends, then starts the next part of a
/// concatenation, does all of that before a sleep due at the same instant wakes. A
/// ``TestScheduler``'s timeline keeps it in the queue, in scheduling order with what falls due
/// later: it runs at the next `advance`, or when a test store settles, whichever comes first.
///
/// Either way the timeline tells its world when it has work due now, so that settling finds it
/// without looking at clocks that have none.
final class VirtualTimeline: @unchecked Sendable {
  /// Something waiting for its deadline.
  enum Waiting {
    case work(@Sendable () -> Void)
    case sleep(UnsafeContinuation<Void, any Error>)
  }

  private let lock = Lock()
  /// Whether work for the current instant waits apart, in ``immediate`` (a clock's timeline).
  private let keepsStepsWhole: Bool
  /// The virtual time this timeline's clock belongs to, told when work is due now.
  let world: VirtualWorld
  // Guarded by `lock`.
  private var currentTime: SchedulerInstant
  private var queue = ScheduledQueue<Waiting>()
  private var immediate: [ImmediateWork] = []

  init(now: SchedulerInstant, keepsStepsWhole: Bool, world: VirtualWorld) {
    currentTime = now
    self.keepsStepsWhole = keepsStepsWhole
    self.world = world
  }

  var now: SchedulerInstant {
    lock.withLock { currentTime }
  }

  /// How many pieces of work and sleeps are waiting (repeating work counts once).
  var waitingCount: Int {
    lock.withLock { queue.count + immediate.count }
  }

  /// How many comparisons and steps the queue has made: tests count the work instead of timing it.
  var queueSteps: Int {
    lock.withLock { queue.steps }
  }

  /// The earliest deadline anything waits for, if anything does.
  var nextDeadline: SchedulerInstant? {
    lock.withLock { immediate.isEmpty ? queue.firstDeadline : currentTime }
  }

  /// Queues `action` for `delay` from now (and every `interval` after, if given).
  func schedule(
    after delay: Duration, every interval: Duration? = nil, _ action: @escaping @Sendable () -> Void
  ) -> ScheduledWork {
    if keepsStepsWhole, interval == nil, delay <= .zero {
      let work = ImmediateWork(action)
      let isFirst = lock.withLock {
        immediate.append(work)
        return immediate.count == 1
      }
      if isFirst { world.noteWorkDueNow(on: self) }
      return ScheduledWork { [weak self] in
        guard let self else { return }
        lock.withLock { immediate.removeAll { $0 === work } }
      }
    }
    let work = lock.withLock {
      queue.insert(
        deadline: currentTime.advanced(by: max(.zero, delay)), interval: interval, payload: .work(action))
    }
    if delay <= .zero { world.noteWorkDueNow(on: self) }
    return ScheduledWork { [weak self] in
      guard let self else { return }
      lock.withLock { _ = queue.cancel(work) }
    }
  }

  /// Suspends the calling task until time reaches `deadline`; throws `CancellationError` if the task
  /// is cancelled first.
  func sleep(until deadline: SchedulerInstant) async throws {
    try Task.checkCancellation()
    let slot = SleepSlot()
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
        let outcome = lock.withLock { () -> Result<Void, any Error>? in
          if slot.isCancelled { return .failure(CancellationError()) }
          if deadline <= currentTime { return .success(()) }
          slot.work = queue.insert(deadline: deadline, payload: .sleep(continuation))
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let continuation = lock.withLock { () -> UnsafeContinuation<Void, any Error>? in
        guard let work = slot.work else {
          // Not in the queue yet: the registration above sees the mark.
          slot.isCancelled = true
          return nil
        }
        // Fired already, or still waiting and taken out here: only the second is ours to resume.
        guard queue.cancel(work), case .sleep(let continuation) = work.payload else { return nil }
        return continuation
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Fires the earliest thing due by `limit` (anything, if nil), moving time to its deadline.
  /// Returns whether there was one.
  func fireNext(dueBy limit: SchedulerInstant?) -> Bool {
    let next = lock.withLock { () -> Waiting? in
      guard let (work, deadline) = queue.popFirst(dueBy: limit) else { return nil }
      if deadline > currentTime { currentTime = deadline }
      return work.payload
    }
    switch next {
    case nil: return false
    case .work(let action): action()
    case .sleep(let continuation): continuation.resume()
    }
    return true
  }

  /// Runs the oldest piece of work due at the current instant. Returns whether there was one.
  func fireOneDueNow() -> Bool {
    if let work = lock.withLock({ immediate.isEmpty ? nil : immediate.removeFirst() }) {
      work.action()
      return true
    }
    return fireNext(dueBy: now)
  }

  /// Whether work is due at the current instant.
  var hasWorkDueNow: Bool {
    lock.withLock {
      guard immediate.isEmpty else { return true }
      guard let first = queue.firstDeadline else { return false }
      return first <= currentTime
    }
  }

  /// Moves time to `instant` if it is later than now.
  func move(to instant: SchedulerInstant) {
    lock.withLock { if currentTime < instant { currentTime = instant } }
  }
}

/// Work scheduled for the current instant on a clock: see ``VirtualTimeline``.
private final class ImmediateWork: Sendable {
  let action: @Sendable () -> Void
  init(_ action: @escaping @Sendable () -> Void) { self.action = action }
}

/// One call of ``VirtualTimeline/sleep(until:)``, as its cancellation handler finds it: in the
/// queue, or not there yet (cancelled before it got in). Guarded by the timeline's lock.
private final class SleepSlot: @unchecked Sendable {
  var work: ScheduledQueue<VirtualTimeline.Waiting>.Work?
  var isCancelled = false
}
