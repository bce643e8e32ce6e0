import Effectful

/// A scheduler whose time moves only when a test says so, running due work synchronously on the
/// test's own thread: the synchronous face of the virtual time a ``TestClock`` keeps.
///
/// Prefer ``TestClock``: it is a scheduler too, and it also drives `.run` effects and waits for
/// the work it wakes. A `TestScheduler` suits synchronous tests of callback effects only: its
/// `advance` runs due work in the same order, on the same queue, but cannot wait for tasks.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let store = TestStore(
///   initialValue: CounterState(),
///   reducer: counterReducer(
///     environment: CounterEnvironment(
///       fact: { n in .send("\(n) is prime") }, mainQueue: scheduler)))
/// store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
/// scheduler.advance(by: .seconds(1))
/// store.receive(.timerTick) { $0.count = 1 }
/// ```
///
/// Work runs in deadline order; work due at the same instant runs in the order it was scheduled.
/// While work runs, ``now`` is its deadline, so work scheduled from it is placed relative to that.
/// Scheduling, running and cancelling a piece of work each cost O(log n) in the work waiting, so a
/// test that keeps ten thousand timers and delays pending stays fast.
public final class TestScheduler: Scheduler, @unchecked Sendable {
  /// The same virtual time a ``TestClock`` keeps: one queue, one order, advanced synchronously.
  let timeline: VirtualTimeline

  /// Creates a scheduler whose clock starts at `now` (zero by default).
  public init(now: SchedulerInstant = SchedulerInstant(sinceOrigin: .zero)) {
    VirtualWorld.install()
    let world = VirtualWorld.current()
    timeline = VirtualTimeline(now: now, keepsStepsWhole: false, world: world)
    world.register(timeline, clock: nil, scheduler: self)
  }

  /// The virtual time.
  public var now: SchedulerInstant { timeline.now }

  /// How many pieces of work are waiting (repeating work counts once).
  public var scheduledCount: Int { timeline.waitingCount }

  /// Runs `action` as soon as the scheduler can: `scheduler.schedule { print("soon") }`.
  /// On a `TestScheduler` that means at the current virtual time, on the next `advance()`.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    _ = timeline.schedule(after: .zero, action)
  }

  /// Runs `action` once, `delay` from now: `scheduler.schedule(after: .seconds(1)) { print("later") }`.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
    timeline.schedule(after: delay, action)
  }

  /// Runs `action` `delay` from now, then every `interval` until cancelled:
  /// `scheduler.schedule(after: .seconds(1), every: .seconds(1)) { print("tick") }`.
  @discardableResult
  public func schedule(
    after delay: Duration, every interval: Duration, _ action: @escaping @Sendable () -> Void
  ) -> ScheduledWork {
    precondition(interval > .zero, "TestScheduler: a repeating interval must be positive, got \(interval).")
    return timeline.schedule(after: delay, every: interval, action)
  }

  /// Moves time forward by `duration`, running everything due by then, in order.
  ///
  /// ```swift
  /// scheduler.advance(by: .milliseconds(300))
  /// // runs work scheduled for now, such as `receive(on:)` deliveries
  /// scheduler.advance()
  /// ```
  ///
  /// A negative duration is a test failure at the caller's line, and nothing runs: a test that computes
  /// its step wrongly should say so, not stop the whole test process.
  public func advance(by duration: Duration = .zero, file: StaticString = #filePath, line: UInt = #line) {
    guard duration >= .zero else {
      reportTestFailure(
        """
        TestScheduler.advance(by: \(duration)): time cannot go backwards. Advance by a positive \
        duration, or make a new TestScheduler to start over.
        """, file: file, line: line)
      return
    }
    timeline.world.noteTimeMoved()
    let target = now.advanced(by: duration)
    while timeline.fireNext(dueBy: target) {}
    timeline.move(to: target)
  }

  /// Moves time forward to `instant`, running everything due by then.
  public func advance(to instant: SchedulerInstant) {
    advance(by: max(.zero, instant - now))
  }

  /// Runs until no work is left, moving time to each piece of work as it comes due.
  ///
  /// Repeating work never runs out: after `limit` pieces of work `run()` reports a test failure and
  /// stops, so a forgotten timer cannot hang a test. Cancel timers first, or use ``advance(by:file:line:)``.
  public func run(limit: Int = 100_000, file: StaticString = #filePath, line: UInt = #line) {
    timeline.world.noteTimeMoved()
    var count = 0
    while timeline.fireNext(dueBy: nil) {
      count += 1
      if count >= limit, scheduledCount > 0 {
        reportTestFailure(
          """
          TestScheduler.run() is still running after \(limit) pieces of work: a repeating timer is \
          probably still on. Cancel it first, or use advance(by:) to move a fixed amount of time.
          """, file: file, line: line)
        return
      }
    }
  }

  /// How many comparisons and steps the queue has made so far: tests check with it that scheduling
  /// and running stay O(log n) per piece of work, without timing anything.
  package var queueSteps: Int { timeline.queueSteps }
}
