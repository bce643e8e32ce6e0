import Dispatch
import Effectful
import Foundation

/// The virtual time of the stores and clocks a test makes: what its `advance`, `receive` and
/// `finish` wait for, decided from the state of those stores' effects, never from anybody else's.
///
/// The rules:
/// - A ``TestStore`` runs its `.run` effects on a ``StoreExecutor`` of its own: one job at a time,
///   on the main queue. So does a plain `Store` made in a task that already made a test store, a
///   ``TestClock`` or a ``TestScheduler``; anywhere else a store runs its effects as an app does.
/// - The stores, ``TestClock``s and ``TestScheduler``s made in one task (a test's body, with the
///   helpers it calls) share one world. Stores and clocks made inside an effect join the world of
///   that effect's store; a store whose effect sleeps on a clock of another world joins that one too.
/// - Settling a world runs every job its stores' executors hold, oldest first; lets the main queue
///   come round once if a job ran or a main-queue block of theirs is pending (that is where an
///   `await send(…)` is reduced, and it comes back to the executor in the same turn); and only when
///   nothing is left runs one piece of work scheduled for now on one of its clocks, then again.
///   Settled means: no job queued, no block of theirs on the main queue, nothing due now.
/// - A task that waits on something outside virtual time (a real clock, a network call, an actor of
///   your own) queues nothing meanwhile, so it does not keep a world from settling: a test that
///   needs it waits with `receive(…, timeout:)` or `finish(timeout:)`.
///
/// Other tests' effects run on their own executors and settle in their own worlds: they can make the
/// main queue busier, never change what this world runs or when it is settled.
final class VirtualWorld: @unchecked Sendable {
  private let lock = Lock()
  // Guarded by `lock`.
  /// In the order they joined, which is the order settling runs them in: the same every run.
  private var executors: [WeakExecutor] = []
  /// Where each executor stands in `executors`, so that adopting one is O(1). Dead entries are swept
  /// when the list has doubled since the last sweep: a test that makes a hundred thousand stores
  /// must not make settling or adopting quadratic.
  private var positions: [ObjectIdentifier: Int] = [:]
  private var sweepAt = 64
  private var timelines: [WeakTimeline] = []
  /// Timelines with work scheduled for now, in the order they first had some: an index, so that
  /// settling never walks clocks with nothing to do.
  /// Held weakly: a timeline holds its world, and a clock released with work still due must not keep
  /// both alive.
  private var dueNow = FIFOQueue<WeakTimelineRef>()
  /// What settling this world has cost so far: tests count the work instead of timing it.
  var counts: SettlingCounts { lock.withLock { _counts } }
  private var _counts = SettlingCounts()
  /// How many times a clock or scheduler of this world was told to move: part of ``progressMark``.
  private var timeMoves = 0

  /// Whether a ``settle(limit:)`` is under way, and who waits for it to end before settling: two
  /// settlings interleaved at their turns of the main queue would take each other's marks of jobs
  /// run (``StoreExecutor/takeNeedsMainQueueTurn()``), and one could call the world settled while
  /// what a job handed the main actor is still on its way. A task that is not the test (a
  /// `finish()` awaited in a child task) settles while the test advances: one at a time.
  @MainActor private var isSettling = false
  @MainActor private var settlingWaiters: [UnsafeContinuation<Void, Never>] = []

  /// The task that made this world; `nil` for code outside any task (XCTest's synchronous
  /// methods, `setUp` included).
  ///
  /// Held, not just remembered by address: a copy of the task's handle keeps the task object, so
  /// its address cannot be given to a new task while this world lives. A world found by a reused
  /// address would let one test's clock run another test's work.
  private let owner: UnsafeCurrentTask?

  private init(owner: UnsafeCurrentTask?) {
    self.owner = owner
  }

  /// The world of the calling task: that of the effect it runs in, or the one its task made, made
  /// now if there is none.
  static func current() -> VirtualWorld {
    world(makingOne: true)!
  }

  /// The world of the calling task, if it has one: what a plain `Store` joins. A store made where no
  /// test clock, scheduler or test store was made runs its effects as an app does.
  static func existing() -> VirtualWorld? {
    world(makingOne: false)
  }

  /// The world of the calling task, found in `index`, made there if there is none and `makingOne`.
  static func world(
    makingOne: Bool, in index: LockedValue<WorldIndex> = VirtualWorld.worlds
  ) -> VirtualWorld? {
    if let executor = StoreExecutor.current { return executor.world }
    let task = currentTask
    return index.withValue { index in
      if let existing = index.world(of: task) { return existing }
      guard makingOne else { return nil }
      let made = VirtualWorld(owner: task)
      index.insert(made, for: task)
      return made
    }
  }

  /// The calling task's handle, compared only, never used to act on the task.
  private static var currentTask: UnsafeCurrentTask? {
    withUnsafeCurrentTask { $0 }
  }

  /// Whether the calling code is the test that moves this world's clocks: not one of its effects,
  /// and the task that made it, or any task when code outside every task made it (a store and a
  /// clock made in XCTest's `setUp`, used by the test method's task).
  var isOwnedByCurrentTask: Bool {
    StoreExecutor.current == nil && (owner == nil || Self.currentTask == owner)
  }

  /// A number that changes whenever anything in this world moves: a job of its stores' effects
  /// runs, a `.run` task starts, ends or wakes, a main-queue block of theirs runs, or a clock or
  /// scheduler is told to move. Equal marks a while apart mean nothing moved in between.
  var progressMark: Int {
    lock.withLock { timeMoves } + liveExecutors.reduce(0) { $0 &+ $1.moves }
  }

  /// Called when a clock or scheduler of this world is told to move, whether or not anything is
  /// due: a test that advances is not idle (see ``waitForTheTest(grace:isolation:isQuiet:until:)``).
  func noteTimeMoved() {
    lock.withLock { timeMoves &+= 1 }
  }

  /// Whether a clock or scheduler of this world holds sleeps or work waiting for time to move.
  var hasWorkWaitingForTime: Bool {
    lock.withLock { timelines.compactMap(\.timeline) }.contains { $0.waitingCount > 0 }
  }

  /// The worlds alive, by the task that made them (none: code outside any task, such as XCTest's
  /// synchronous test methods, which run one at a time). Looked up whenever a store or clock is
  /// made, by every store of the process: see ``WorldIndex``.
  private static let worlds = LockedValue(WorldIndex())

  /// Makes stores made from now on run their `.run` effects in the world of the task making them.
  static func install() {
    _ = installation
  }

  private static let installation: Void = {
    EffectTaskStarters.install(WorldExecutorProvider())
  }()

  /// An executor for a new store of this world.
  func makeExecutor() -> StoreExecutor {
    let executor = StoreExecutor(world: self)
    adopt(executor)
    return executor
  }

  /// Settles `executor`'s jobs with this world's from now on (its store uses this world's clocks).
  func adopt(_ executor: StoreExecutor) {
    lock.withLock {
      let id = ObjectIdentifier(executor)
      // An identity can be reused once its executor is gone: only a live match counts.
      if let position = positions[id], executors[position].executor === executor { return }
      positions[id] = executors.count
      executors.append(WeakExecutor(executor: executor))
      if executors.count >= sweepAt {
        executors.removeAll { $0.executor == nil }
        positions = [:]
        for (position, entry) in executors.enumerated() {
          if let live = entry.executor { positions[ObjectIdentifier(live)] = position }
        }
        sweepAt = max(64, executors.count * 2)
      }
    }
  }

  func register(_ timeline: VirtualTimeline, clock: TestClock?, scheduler: TestScheduler?) {
    lock.withLock {
      timelines.removeAll { $0.timeline == nil }
      timelines.append(WeakTimeline(timeline: timeline, clock: clock, scheduler: scheduler))
    }
  }

  /// Called by a timeline when work is scheduled for now on it; it stays listed until it has none.
  func noteWorkDueNow(on timeline: VirtualTimeline) {
    lock.withLock { dueNow.append(WeakTimelineRef(timeline: timeline)) }
  }

  private var liveExecutors: [StoreExecutor] {
    lock.withLock { executors.compactMap(\.executor) }
  }

  /// Runs every job queued on this world's executors, oldest first per executor, until none is
  /// left or `limit` have run. Returns how many ran.
  ///
  /// There is always a limit: a task that only yields queues a job again each time it runs, so
  /// "until none is left" alone would never return, and the main-queue block each job posts would
  /// pile up meanwhile.
  @discardableResult
  func runQueuedJobs(limit: Int) -> Int {
    var ran = 0
    var again = true
    while again, ran < limit {
      again = false
      for executor in liveExecutors {
        while ran < limit, executor.runNextJob() {
          ran += 1
          again = true
        }
      }
    }
    return ran
  }

  /// Whether some executor ran a job, or has a main-queue block pending, since the last turn.
  private func needsMainQueueTurn() -> Bool {
    // Every executor's mark is taken, not just the first one set: the turn answers for all of them.
    liveExecutors.map { $0.takeNeedsMainQueueTurn() }.contains(true)
  }

  /// Runs the oldest piece of work scheduled for now on a clock of this world. Returns whether
  /// there was one.
  private func fireOneDueNow() -> Bool {
    while let entry = lock.withLock({ dueNow.popFirst() }) {
      guard let timeline = entry.timeline, timeline.fireOneDueNow() else { continue }
      if timeline.hasWorkDueNow { lock.withLock { dueNow.append(entry) } }
      return true
    }
    return false
  }

  /// Lets everything that can run in virtual time run, until nothing can: see ``VirtualWorld``.
  ///
  /// Returns `false` after `limit` steps (jobs run, turns of the main queue, pieces of work fired)
  /// without settling: an effect that keeps making progress without ever waiting on a clock.
  @MainActor
  func settle(limit: Int = VirtualWorld.stepLimit) async -> Bool {
    while isSettling {
      await withUnsafeContinuation { settlingWaiters.append($0) }
    }
    isSettling = true
    defer {
      isSettling = false
      if !settlingWaiters.isEmpty { settlingWaiters.removeFirst().resume() }
    }
    lock.withLock { _counts.settlings += 1 }
    // What the main actor was handed before this look (a view's `.task` that sends to a store, a
    // hop an effect made while nobody looked) runs first: the main queue is first in, first out.
    await Self.mainQueueTurn()
    var steps = 1
    var idleTurns = 0
    while true {
      switch step(&steps, limit: limit) {
      case .progressed: continue
      case .needsMainQueueTurn:
        idleTurns = 0
        lock.withLock { _counts.turns += 1 }
        await Self.mainQueueTurn()
        steps += 1
      case .settled:
        guard takesIdleTurn(&idleTurns) else { return true }
        lock.withLock { _counts.idleTurns += 1 }
        await Self.mainQueueTurn()
        steps += 1
      case .runaway: return false
      }
    }
  }

  /// How many turns of the main queue settling takes, once nothing is left, while a task of its
  /// stores is alive and not asleep on a test clock, after that task started or woke from a clock
  /// sleep. Such a task may be waiting for a chain of `DispatchQueue.main` hops, each queued only
  /// once the one before has run, which a single turn does not see the end of. The turns are owed
  /// once per start or wake (see ``StoreExecutor/takeIdleTurn()``), not per settling: a task that
  /// stays awake while virtual time moves costs them once, not at every tick.
  static let idleTurnLimit = 16

  /// Whether settling looks one more turn before calling the world settled: see
  /// ``idleTurnLimit``.
  private func takesIdleTurn(_ idleTurns: inout Int) -> Bool {
    guard idleTurns < Self.idleTurnLimit, liveExecutors.contains(where: { $0.takeIdleTurn() }) else {
      return false
    }
    idleTurns += 1
    return true
  }

  /// ``settle(limit:)`` for a caller that cannot suspend: the main queue comes round by running the
  /// main run loop, which only the main thread can do. Elsewhere (Swift Testing's synchronous tests
  /// on Linux) it runs what is queued and due now, and leaves what waits for the main queue.
  @MainActor
  func settleSynchronously(limit: Int = VirtualWorld.stepLimit) -> Bool {
    var steps = 0
    var idleTurns = 0
    let canTurnMainQueue = Thread.isMainThread
    while true {
      switch step(&steps, limit: limit, canTurnMainQueue: canTurnMainQueue) {
      case .progressed: continue
      case .needsMainQueueTurn:
        idleTurns = 0
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
        steps += 1
      case .settled:
        guard canTurnMainQueue, takesIdleTurn(&idleTurns) else { return true }
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
        steps += 1
      case .runaway: return false
      }
    }
  }

  /// What one step of settling did, or asks of its caller.
  private enum Step {
    case progressed, needsMainQueueTurn, settled, runaway
  }

  /// One step of settling: every queued job; then, if one ran or a main-queue block of the
  /// stores' effects is pending, a turn of the main queue (the caller's to take, if it can); else
  /// one piece of work due now.
  private func step(_ steps: inout Int, limit: Int, canTurnMainQueue: Bool = true) -> Step {
    steps += runQueuedJobs(limit: limit - steps)
    if steps >= limit { return .runaway }
    if needsMainQueueTurn(), canTurnMainQueue { return .needsMainQueueTurn }
    guard fireOneDueNow() else { return .settled }
    steps += 1
    return .progressed
  }

  /// How many steps one settling takes before it calls an effect runaway: far more than one step
  /// of a story needs (`advance` settles after each deadline it fires, so a thousand ticks are a
  /// thousand settlings of a few steps each), few enough to report within a second. A `.run` that
  /// sends takes two steps an output (its job, then the main queue's turn): one that sends ten
  /// thousand outputs without ever waiting on a clock is taken for a runaway.
  static let stepLimit = 20_000

  /// Returns after every block on the main queue when it was called has run.
  ///
  /// On the main actor, so that the resumed caller is itself a job on the main queue, queued behind
  /// what ran before it.
  @MainActor
  private static func mainQueueTurn() async {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      DispatchQueue.main.async { continuation.resume() }
    }
  }

  /// What this world's clocks and schedulers hold, as advice for a test whose effects are still
  /// running: which one to advance and by how much, or that they wait outside virtual time.
  func waitingAdvice() -> String {
    let entries = lock.withLock { timelines }
    var lines: [String] = []
    for entry in entries {
      if let clock = entry.clock, let next = clock.timeline.nextDeadline {
        let step = next - clock.now
        lines.append(
          "a TestClock holds \(clock.sleeperCount) sleep(s) or piece(s) of work, the next due in "
            + "\(step): `await clock.advance(by: \(Self.spelled(step)))` or `await clock.run()`")
      }
      if let scheduler = entry.scheduler, let next = scheduler.timeline.nextDeadline {
        let step = next - scheduler.now
        lines.append(
          "a TestScheduler holds \(scheduler.scheduledCount) piece(s) of work, the next due in "
            + "\(step): `scheduler.advance(by: \(Self.spelled(step)))`")
      }
    }
    if lines.isEmpty {
      return """
        Nothing waits on a TestClock or TestScheduler of this test, so they wait on something \
        outside virtual time (a real clock, a network call, a stream fed from outside, an actor of \
        your own): give them a test dependency or a TestClock, or wait longer with `timeout:`.
        """
    }
    return "What is waiting for time to move: " + lines.joined(separator: "; ") + "."
  }

  /// A duration as Swift code: `.seconds(2)`, `.milliseconds(300)`.
  static func spelled(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return ".seconds(\(seconds))" }
    if attoseconds % 1_000_000_000_000_000 == 0 {
      return ".milliseconds(\(seconds * 1000 + attoseconds / 1_000_000_000_000_000))"
    }
    return ".nanoseconds(\(duration.nanoseconds))"
  }
}

/// Gives a store an executor in the world of the task making it, if that task has one.
private final class WorldExecutorProvider: EffectTaskStarterProvider {
  func starterForNewStore() -> (any EffectTaskStarter)? {
    VirtualWorld.existing()?.makeExecutor()
  }
}

private struct WeakWorld {
  weak var world: VirtualWorld?
}

/// The worlds alive, by the task that made them.
///
/// Every store made in the process looks its world up here, in a test or not, and with a whole
/// suite's tests in flight hundreds of worlds are alive at once: a lookup that walked them all made
/// the stores of a test that makes a hundred thousand of them cost a sixth of the suite's CPU. A
/// lookup is one hash probe; dead entries are swept when the index has doubled since the last sweep,
/// so a sweep is paid for by the insertions before it.
///
/// A key holds its task's handle, so a finished task's address is not given to a new task while its
/// entry stands; an entry whose world is gone counts as absent.
struct WorldIndex {
  private var byOwner: [UnsafeCurrentTask?: WeakWorld] = [:]
  private var sweepAt = 64
  /// Entries looked at by lookups and sweeps so far: tests count the work instead of timing it.
  private(set) var visits = 0

  mutating func world(of owner: UnsafeCurrentTask?) -> VirtualWorld? {
    visits += 1
    return byOwner[owner]?.world
  }

  mutating func insert(_ world: VirtualWorld, for owner: UnsafeCurrentTask?) {
    byOwner[owner] = WeakWorld(world: world)
    guard byOwner.count >= sweepAt else { return }
    visits += byOwner.count
    byOwner = byOwner.filter { $0.value.world != nil }
    sweepAt = max(64, byOwner.count * 2)
  }
}

private struct WeakTimelineRef {
  weak var timeline: VirtualTimeline?
}

private struct WeakExecutor {
  weak var executor: StoreExecutor?
}

/// A clock's or a scheduler's timeline, held weakly, with its owner for advice.
private struct WeakTimeline {
  weak var timeline: VirtualTimeline?
  weak var clock: TestClock?
  weak var scheduler: TestScheduler?
}

/// What settling a world has cost so far (see ``VirtualWorld/counts``): each turn of the main
/// queue waits behind whatever else is queued there, other tests' work included, so real time
/// spent grows with these counts times the load; virtual time must keep them proportional to the
/// work done.
struct SettlingCounts {
  /// Calls of ``VirtualWorld/settle(limit:)``.
  var settlings = 0
  /// Turns taken because a job ran or a main-queue block of the world's effects was pending.
  var turns = 0
  /// Turns taken with nothing to do, for a task awake off the clock (see ``VirtualWorld/idleTurnLimit``).
  var idleTurns = 0
}
