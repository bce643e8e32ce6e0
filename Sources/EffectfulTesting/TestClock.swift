import Effectful

/// One virtual time for a test: a `Clock` for `.run` effects and a `Scheduler` for callback effects
/// and time operators, which moves only when the test says so.
///
/// Pass the same clock wherever the environment has a clock or a scheduler:
///
/// ```swift
/// @MainActor @Test func search() async {
///   let clock = TestClock()
///   let store = TestStore(
///     initialValue: Search.State(),
///     reducer: Search.reducer(
///       environment: .init(
///         search: { query in ["\(query)!"] },
///         clock: clock)))
///   store.send(.queryChanged("ef")) { $0.query = "ef" }
///   store.send(.queryChanged("eff")) { $0.query = "eff" }
///   await clock.advance(by: .milliseconds(300))
///   await store.receive(.response(["eff!"])) { $0.results = ["eff!"] }
/// }
/// ```
///
/// ## What a test may rely on
/// When `await advance(by:)` (or `advance(to:)`, `run()`) returns:
/// - everything that fell due was fired in deadline order, equal deadlines in the order they were
///   scheduled: callback work ran, sleeping tasks were resumed, with ``now`` at each deadline;
/// - after each, the work it woke, callback or async, went as far as it can before the next fired:
///   every `.run` task ran until it suspends again (on this clock, or on something outside virtual
///   time) or ends, every output it sent was reduced, every effect those outputs started did the same;
/// - ``now`` is the old time plus the duration.
///
/// This holds by construction, whatever the load: in a test, each store's effects run one job at a
/// time on an executor of its own, and `advance` runs them until none is queued and nothing they
/// handed the main actor is pending (see the Testing article). No real-time window decides anything.
///
/// A clock settles the stores made in the same task as itself (a test's body and what it calls),
/// and any store whose effects sleep on it: other tests' effects never enter its `advance`.
///
/// ## What it may not
/// Work waiting on something outside virtual time (a real clock, a network call, a stream fed by
/// another thread, an actor of your own) is not waited for: `advance` returns while it waits. Give
/// the effect a test dependency, or wait for its action with `receive(…, timeout:)`.
public final class TestClock: Clock, Scheduler, @unchecked Sendable {
  public typealias Duration = Swift.Duration
  public typealias Instant = SchedulerInstant

  let timeline: VirtualTimeline

  /// A clock whose time starts at `now` (zero by default).
  ///
  /// ```swift
  /// let clock = TestClock()
  /// ```
  public init(now: SchedulerInstant = SchedulerInstant(sinceOrigin: .zero)) {
    VirtualWorld.install()
    let world = VirtualWorld.current()
    timeline = VirtualTimeline(now: now, keepsStepsWhole: true, world: world)
    world.register(timeline, clock: self, scheduler: nil)
  }

  /// The virtual time.
  public var now: SchedulerInstant { timeline.now }

  /// Nothing finer than an attosecond, which `Duration` counts in.
  public var minimumResolution: Duration { .zero }

  /// How many sleeps and pieces of callback work wait for time to move (repeating work counts once).
  public var sleeperCount: Int { timeline.waitingCount }

  /// Kept for source compatibility: the clock no longer waits in real time, so there is nothing to
  /// time out.
  @available(*, deprecated, message: "TestClock never waits in real time; remove this setting.")
  public var timeout: Duration {
    get { .zero }
    set {}
  }

  /// Suspends until ``advance(by:file:line:)`` or ``run(limit:file:line:)`` moves time to
  /// `deadline`; returns at once if it has come already.
  ///
  /// ```swift
  /// try await clock.sleep(for: .seconds(1))   // inside an effect
  /// ```
  ///
  /// Cancelling the sleeping task ends the sleep with `CancellationError`.
  public func sleep(until deadline: SchedulerInstant, tolerance: Duration? = nil) async throws {
    // A store of another world sleeping here is settled with this clock's world from now on.
    guard let executor = StoreExecutor.current else { return try await timeline.sleep(until: deadline) }
    if executor.world !== timeline.world { timeline.world.adopt(executor) }
    try await executor.sleeps { try await timeline.sleep(until: deadline) }
  }

  /// Runs `action` at the current virtual time, the next time the clock settles: on any
  /// `advance`, or while a test store waits in `receive` or `finish`.
  ///
  /// ```swift
  /// clock.schedule { print("soon") }
  /// ```
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    _ = timeline.schedule(after: .zero, action)
  }

  /// Runs `action` once, `delay` from now, when the test advances the clock that far.
  ///
  /// ```swift
  /// let work = clock.schedule(after: .seconds(1)) { print("later") }
  /// work.cancel()   // never prints
  /// ```
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
    timeline.schedule(after: delay, action)
  }

  /// Runs `action` `delay` from now, then every `interval`, until cancelled.
  ///
  /// ```swift
  /// clock.schedule(after: .seconds(1), every: .seconds(1)) { print("tick") }
  /// ```
  @discardableResult
  public func schedule(
    after delay: Duration, every interval: Duration, _ action: @escaping @Sendable () -> Void
  ) -> ScheduledWork {
    precondition(interval > .zero, "TestClock: a repeating interval must be positive, got \(interval).")
    return timeline.schedule(after: delay, every: interval, action)
  }

  /// Moves time forward by `duration`, firing what falls due in deadline order and letting the work
  /// each one wakes go as far as it can, its outputs reduced, before the next.
  ///
  /// ```swift
  /// store.send(.toggleTimerButtonTapped)
  /// await clock.advance(by: .seconds(3))   // three ticks, each reduced
  /// ```
  ///
  /// `advance()` (zero) lets effects that just started reach their first sleep, and runs work
  /// scheduled for now. A negative duration is a test failure, and time does not move.
  ///
  /// "As far as it can" covers a `.run`'s own task, its task-group children and `async let`s, and
  /// main-queue hops. It does not cover what an unstructured `Task {}` made in an effect does after
  /// its sleep returns: such a task does not keep the store's executor (only structured children
  /// inherit it), so it goes on among the process's threads, where `advance` cannot wait for it.
  /// Receive its output (`receive` waits for it) instead of reading the state at once, or await
  /// the work in the effect as a structured child.
  @MainActor
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
    await advance(upTo: now.advanced(by: duration), limit: .max, file: file, line: line)
  }

  /// Moves time to `instant`, as ``advance(by:file:line:)`` does; an instant in the past moves
  /// nothing but still lets started work go as far as it can.
  ///
  /// ```swift
  /// await clock.advance(to: SchedulerInstant(sinceOrigin: .seconds(5)))
  /// ```
  @MainActor
  public func advance(to instant: SchedulerInstant, file: StaticString = #filePath, line: UInt = #line) async
  {
    await advance(upTo: instant, limit: .max, file: file, line: line)
  }

  /// Moves time to each deadline in turn until nothing waits, as ``advance(by:file:line:)`` does.
  ///
  /// ```swift
  /// store.send(.factButtonTapped)
  /// await clock.run()   // whatever the effect waits for, it has waited
  /// ```
  ///
  /// A timer never runs out of deadlines: after `limit` of them `run()` reports a test failure and
  /// stops. Cancel timers first, or use ``advance(by:file:line:)``.
  @MainActor
  public func run(limit: Int = 10_000, file: StaticString = #filePath, line: UInt = #line) async {
    await advance(upTo: nil, limit: limit, file: file, line: line)
  }

  @MainActor
  private func advance(upTo target: SchedulerInstant?, limit: Int, file: StaticString, line: UInt) async {
    timeline.world.noteTimeMoved()
    // Work started before this call (the effect of the action just sent) gets as far as it can first.
    await settle(file: file, line: line)
    var fired = 0
    while timeline.fireNext(dueBy: target) {
      await settle(file: file, line: line)
      fired += 1
      if fired >= limit, sleeperCount > 0 {
        reportTestFailure(
          """
          TestClock.run() has fired \(limit) deadlines and there are more: a timer is probably \
          still running. Cancel it first, or use advance(by:) to move a fixed amount of time.
          """, file: file, line: line)
        return
      }
    }
    if let target { timeline.move(to: target) }
  }

  @MainActor
  private func settle(file: StaticString, line: UInt) async {
    guard await timeline.world.settle() else {
      reportTestFailure(
        """
        TestClock: effects never stopped running: some `.run` keeps making progress without \
        suspending on a clock (a loop that only yields or only sends). Make it wait on the clock, \
        or end it.
        """, file: file, line: line)
      return
    }
  }
}
