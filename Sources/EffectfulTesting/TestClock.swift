import Effectful
import Testing

/// A clock whose time moves only when a test says so, and which waits, at each step, for the effects
/// it woke to get as far as they can.
///
/// ```swift
/// @MainActor @Test func timer() async {
///   let clock = TestClock()
///   let store = Store(
///     initialValue: CounterFeature.State(),
///     reducer: CounterFeature.reducer(environment: .init(clock: clock)))
///   store.send(.toggleTimerButtonTapped)
///   await clock.advance(by: .seconds(10))
///   #expect(store.value.count == 10)
///   store.send(.toggleTimerButtonTapped)
/// }
/// ```
///
/// ## What a test may rely on
/// When `await advance(by:)` returns:
/// - every sleep that fell due was resumed, in deadline order (sleeps due at the same instant in the
///   order they began), with ``now`` at its deadline while the work it woke ran;
/// - every `.run` effect started from the test (directly, or by actions its effects sent) has run
///   until it sleeps on a `TestClock` again or ends, and every output it sent has been reduced;
/// - ``now`` is the old time plus the duration.
///
/// ## What it may not
/// - Work that waits on anything but a `TestClock` (a real clock, a network call, a stream fed from
///   outside) is reported as a test failure once it has shown no progress for four ``timeout``s of
///   real time, with the main actor and the global executor made to come round in between: advancing
///   cannot know when it will be done.
/// - Only effects whose chain started in the task that calls `advance` are waited for: call it from
///   the test itself, not from a `Task { }` of its own. Effects that deliver through dispatch queues
///   (`receive(on:)`, callback effects) are not `.run` tasks and are not waited for.
/// - Inside one `.run`, child tasks (`async let`, task groups) are waited for only as a whole: the run
///   counts as idle while any of its tasks sleeps on the clock.
public final class TestClock: Clock, @unchecked Sendable {
  public typealias Duration = Swift.Duration
  public typealias Instant = SchedulerInstant

  /// A task waiting for time to move: resumed by ``advance(by:file:line:)``, or thrown out of its
  /// sleep when cancelled.
  private struct Sleeper {
    let run: TrackedRun?
    let continuation: UnsafeContinuation<Void, any Error>
  }

  /// One call of ``sleep(until:tolerance:)``, as its cancellation handler finds it: in the queue, or
  /// not there yet (cancelled before it got in). Guarded by the clock's lock.
  private final class SleepSlot: @unchecked Sendable {
    var work: ScheduledQueue<Sleeper>.Work?
    var isCancelled = false
  }

  /// How long, in real time, ``advance(by:file:line:)`` waits for a sign of progress from the work it
  /// woke before it makes both executors come round; after four such waits in a row it reports the
  /// work as stuck and goes on. Two seconds unless set.
  public var timeout: Duration {
    get { lock.withLock { waitLimit } }
    set { lock.withLock { waitLimit = newValue } }
  }

  private let lock = Lock()
  // Guarded by `lock`.
  private var currentTime: SchedulerInstant
  /// The same queue as ``TestScheduler``'s: deadline order, equal deadlines in the order they began,
  /// O(log n) to sleep and to wake, O(1) to cancel.
  private var sleepers = ScheduledQueue<Sleeper>()
  private var waitLimit: Duration = .seconds(2)

  /// A clock whose time starts at `now` (zero by default).
  ///
  /// ```swift
  /// let clock = TestClock()
  /// ```
  public init(now: SchedulerInstant = SchedulerInstant(sinceOrigin: .zero)) {
    currentTime = now
    // Roots of two Swift Testing tests never match, even when their tasks share an address.
    EffectTaskTracker.installTestIdentity { Test.current.map { EffectID($0.id) } }
  }

  /// The virtual time.
  public var now: SchedulerInstant {
    lock.withLock { currentTime }
  }

  /// Nothing finer than an attosecond, which `Duration` counts in.
  public var minimumResolution: Duration { .zero }

  /// How many sleeps are waiting for time to move.
  public var sleeperCount: Int {
    lock.withLock { sleepers.count }
  }

  /// Suspends until ``advance(by:file:line:)`` or ``run(limit:file:line:)`` moves time to `deadline`; returns at once if it has
  /// come already.
  ///
  /// ```swift
  /// try await clock.sleep(for: .seconds(1))   // inside an effect
  /// ```
  ///
  /// Cancelling the sleeping task ends the sleep with `CancellationError`.
  public func sleep(until deadline: SchedulerInstant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let run = EffectTaskTracker.currentRun
    let slot = SleepSlot()
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
        let outcome = lock.withLock { () -> Result<Void, any Error>? in
          if slot.isCancelled { return .failure(CancellationError()) }
          if deadline <= currentTime { return .success(()) }
          slot.work = sleepers.insert(
            deadline: deadline, payload: Sleeper(run: run, continuation: continuation))
          // Idle from the moment it is in the list: `advance` marks it busy before resuming it.
          if let run { EffectTaskTracker.shared.suspend(run) }
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let sleeper = lock.withLock { () -> Sleeper? in
        guard let work = slot.work else {
          // Not in the queue yet: the registration above sees the mark.
          slot.isCancelled = true
          return nil
        }
        // Woken already, or still waiting and taken out here: only the second is ours to resume.
        return sleepers.cancel(work) ? work.payload : nil
      }
      guard let sleeper else { return }
      if let run = sleeper.run { EffectTaskTracker.shared.resume(run) }
      sleeper.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking each sleep that falls due in deadline order, and letting
  /// the work it woke run until it sleeps on the clock again or ends, its outputs reduced.
  ///
  /// ```swift
  /// store.send(.toggleTimerButtonTapped)
  /// await clock.advance(by: .seconds(3))   // three ticks, each reduced
  /// ```
  ///
  /// `advance()` (zero) lets effects that just started reach their first sleep. A negative duration
  /// is a test failure, and time does not move.
  public func advance(by duration: Duration = .zero, file: StaticString = #filePath, line: UInt = #line) async
  {
    guard duration >= .zero else {
      reportTestFailure(
        """
        TestClock.advance(by: \(duration)): time cannot go backwards. Advance by a positive duration, \
        or make a new TestClock to start over.
        """, file: file, line: line)
      return
    }
    let target = now.advanced(by: duration)
    await advance(upTo: target, file: file, line: line)
  }

  /// Moves time to `instant`, as ``advance(by:file:line:)`` does; an instant in the past moves nothing but
  /// still lets started work reach the clock.
  public func advance(to instant: SchedulerInstant, file: StaticString = #filePath, line: UInt = #line) async
  {
    await advance(upTo: instant, file: file, line: line)
  }

  /// Moves time to each sleep's deadline in turn until no sleep is left, as ``advance(by:file:line:)`` does.
  ///
  /// ```swift
  /// store.send(.factButtonTapped)
  /// await clock.run()   // whatever the effect waits for, it has waited
  /// ```
  ///
  /// A timer never runs out of sleeps: after `limit` wake-ups `run()` reports a test failure and stops.
  /// Cancel timers first, or use ``advance(by:file:line:)``.
  public func run(limit: Int = 10_000, file: StaticString = #filePath, line: UInt = #line) async {
    await advance(upTo: nil, limit: limit, file: file, line: line)
  }

  private func advance(
    upTo target: SchedulerInstant?, limit: Int = .max, file: StaticString, line: UInt
  ) async {
    let root = EffectTaskTracker.currentRoot
    // Work started before this call (the effect of the action just sent) reaches the clock first.
    await settle(root, file: file, line: line)
    var woken = 0
    while let sleeper = takeNext(dueBy: target) {
      if let run = sleeper.run { EffectTaskTracker.shared.resume(run) }
      sleeper.continuation.resume()
      await settle(root, file: file, line: line)
      woken += 1
      if woken >= limit, sleeperCount > 0 {
        reportTestFailure(
          """
          TestClock.run() has woken \(limit) sleeps and there are more: a timer is probably still \
          running. Cancel it first, or use advance(by:) to move a fixed amount of time.
          """, file: file, line: line)
        return
      }
    }
    if let target { lock.withLock { if currentTime < target { currentTime = target } } }
  }

  /// Waits for the runs of `root` to be idle, reporting a run stuck on something else.
  ///
  /// A run can be slow without being stuck: between two sleeps it waits for a thread of the global
  /// executor, then for the main actor (its `send`), then for the global executor again, and other
  /// tests may hold either for seconds on a loaded machine. So after each ``timeout`` without any run
  /// of `root` changing state, both executors are made to come round twice (a job sent to each after
  /// the run's own, at the same priority for the global one, has run), which lets any run that was
  /// merely queued through two of its hops. Only after ``quietRoundsBeforeReport`` such rounds with
  /// no change at all is a run reported as stuck.
  private func settle(_ root: RunRoot, file: StaticString, line: UInt) async {
    let tracker = EffectTaskTracker.shared
    let limit = timeout
    var lastProgress = tracker.progressCount(root: root)
    var quietRounds = 0
    while true {
      if await tracker.waitUntilIdle(root: root, timeout: limit) { return }
      let progress = tracker.progressCount(root: root)
      if progress != lastProgress {
        lastProgress = progress
        quietRounds = 0
        continue
      }
      quietRounds += 1
      if quietRounds > Self.quietRoundsBeforeReport { break }
      for _ in 0..<2 {
        await Task {}.value
        await MainActor.run {}
      }
    }
    let busy = tracker.busyCount(root: root)
    reportTestFailure(
      """
      TestClock: \(busy) `.run` effect(s) neither slept on a TestClock nor ended for \
      \(Self.quietRoundsBeforeReport + 1) × \(limit) of real time, though the main actor and the global \
      executor came round in between. They are waiting on something else (a real clock, a network \
      call, a stream fed from outside): give them a TestClock or an immediate environment, or raise \
      `timeout`.
      """, file: file, line: line)
  }

  /// How many quiet rounds (see ``settle(_:file:line:)``) a run gets before it is reported stuck.
  private static let quietRoundsBeforeReport = 3

  /// Removes and returns the earliest sleeper due by `target` (any, if nil), moving time to it.
  private func takeNext(dueBy target: SchedulerInstant?) -> Sleeper? {
    lock.withLock {
      guard let (work, deadline) = sleepers.popFirst(dueBy: target) else { return nil }
      if deadline > currentTime { currentTime = deadline }
      return work.payload
    }
  }
}
