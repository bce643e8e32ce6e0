import Dispatch
import Effectful
import Testing

/// What makes virtual time deterministic: every `.run` effect of a test runs on one serial executor,
/// the main queue, so "the work the clock woke has gone as far as it can" is a fact the test can
/// check, not a guess made from real time.
///
/// The rules:
/// - Once EffectfulTesting is in use (a ``TestClock``, ``TestScheduler`` or ``TestStore`` made),
///   every store made afterwards starts its `.run` tasks with a preference for the virtual time
///   executor. Their nonisolated code, their child tasks (`async let`, task groups) and their hops
///   back from the main actor (`await send(…)`) all run as main-queue jobs, one at a time.
/// - The executor counts what it is given and what it runs. ``settle()`` lets the main queue come
///   round, and again, until a whole round passed in which no such job was queued or run: then
///   every job that existed has run, and every task is suspended on something, a clock's sleep or
///   something outside virtual time. Only then does work scheduled for now on a clock run, one
///   piece at a time, each followed by the same settling.
/// - Work outside virtual time (a real network call, a real clock, an actor of your own, a
///   `Task.detached`) is not waited for: it joins in when it next enqueues a job, and a test that
///   needs it waits with `receive(…, timeout:)` or `finish(timeout:)`.
enum VirtualTime {
  /// Makes every store made from now on run its `.run` effects on the virtual time executor.
  static func install() {
    _ = installation
  }

  private static let installation: Void = {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
      EffectTaskStarters.install(MainQueueTaskStarter())
    }
  }()

  /// For each test (Swift Testing's id; `nil` outside one, and for all of XCTest, which runs tests one
  /// at a time): the jobs queued or run on its executor, and the callback work its clocks fired, so
  /// far. Tests running in parallel each settle on their own count, so that one test's busy effects
  /// never keep another's `advance` going round.
  private static let activity = LockedValue<[String?: UInt64]>([:])

  static func noteActivity(of test: String?) {
    activity.withValue { $0[test, default: 0] &+= 1 }
  }

  /// The activity a test's settling watches: its own, and that of work whose test is unknown (a
  /// callback effect's dispatch block starts its `.run` effects with no test in its task-locals).
  private static func activity(of test: String?) -> UInt64 {
    activity.withValue { counts in
      (counts[test] ?? 0) &+ (test == nil ? 0 : counts[nil] ?? 0)
    }
  }

  /// The clocks whose work due now ``settle()`` fires, and the schedulers messages look at, weakly,
  /// with the test that made each.
  private static let clocks = LockedValue<[WeakTimeline]>([])

  static func register(_ clock: TestClock) {
    register(WeakTimeline(clock: clock, scheduler: nil, owner: currentTestID))
  }

  static func register(_ scheduler: TestScheduler) {
    register(WeakTimeline(clock: nil, scheduler: scheduler, owner: currentTestID))
  }

  private static func register(_ entry: WeakTimeline) {
    clocks.withValue { list in
      list.removeAll { $0.clock == nil && $0.scheduler == nil }
      list.append(entry)
    }
  }

  /// What the current test's clocks and schedulers hold, as advice for a test whose effects are
  /// still running: which one to advance and by how much, or that they wait outside virtual time.
  static func waitingAdvice() -> String {
    let owner = currentTestID
    let mine = clocks.withValue { list in list.filter { $0.owner == owner } }
    var lines: [String] = []
    for entry in mine {
      if let clock = entry.clock, let next = clock.timeline.nextDeadline {
        let step = next - clock.now
        lines.append(
          "a TestClock holds \(clock.sleeperCount) sleep(s) or piece(s) of work, the next due in "
            + "\(step): `await clock.advance(by: \(spelled(step)))` or `await clock.run()`")
      }
      if let scheduler = entry.scheduler, let next = scheduler.timeline.nextDeadline {
        let step = next - scheduler.now
        lines.append(
          "a TestScheduler holds \(scheduler.scheduledCount) piece(s) of work, the next due in "
            + "\(step): `scheduler.advance(by: \(spelled(step)))`")
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
  private static func spelled(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return ".seconds(\(seconds))" }
    if attoseconds % 1_000_000_000_000_000 == 0 {
      return ".milliseconds(\(seconds * 1000 + attoseconds / 1_000_000_000_000_000))"
    }
    return ".nanoseconds(\(duration.nanoseconds))"
  }

  /// The Swift Testing test running now, if any: clocks of tests running in parallel are separate.
  static var currentTestID: String? {
    Test.current.map { "\($0.id)" }
  }

  /// Runs the oldest piece of work scheduled for now on a clock of the current test (see
  /// ``VirtualTimeline``); returns whether there was one.
  private static func fireImmediateWork() -> Bool {
    let owner = currentTestID
    let mine = clocks.withValue { list in list.compactMap { $0.owner == owner ? $0.clock : nil } }
    for clock in mine where clock.timeline.fireOneImmediateWork() {
      noteActivity(of: owner)
      return true
    }
    return false
  }

  /// Lets everything that can run in virtual time run, until nothing can: see ``VirtualTime``.
  ///
  /// Tasks go first: the main queue comes round until a whole round passed in which no job of the
  /// test was queued or run, so every task has suspended. Only then does the oldest piece of work
  /// scheduled for now on a clock run (a `receive(on: clock)` hop, a zero delay), and the tasks it
  /// started get as far as they can again before the next. The order of what a test sees thus
  /// depends only on what its effects do, never on where a round of the main queue happened to
  /// end: extra jobs (another test's, a released store's) can make settling take more rounds, not
  /// change what runs first.
  ///
  /// Returns `false` if work never stopped coming for `limit` rounds (a `.run` that loops without
  /// suspending on a clock, say), so that the caller reports it instead of hanging.
  @MainActor
  static func settle(limit: Int = 100_000) async -> Bool {
    let test = currentTestID
    for _ in 0..<limit {
      let before = activity(of: test)
      await mainQueueTurn()
      if activity(of: test) != before { continue }
      if fireImmediateWork() { continue }
      return true
    }
    return false
  }

  /// Returns after every block on the main queue when it was called has run.
  ///
  /// On the main actor, so that the resumed caller is itself a job on the main queue, queued behind
  /// what ran before it: a nonisolated wait would resume on the global executor, and come back to
  /// the main actor at a moment that depends on thread scheduling, not on the queue.
  @MainActor
  private static func mainQueueTurn() async {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      DispatchQueue.main.async { continuation.resume() }
    }
  }
}

/// A clock or a scheduler of a test, held weakly.
private struct WeakTimeline {
  weak var clock: TestClock?
  weak var scheduler: TestScheduler?
  let owner: String?
}

/// Starts `.run` tasks with a preference for the ``MainQueueTaskExecutor`` of the test that starts
/// them.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
private final class MainQueueTaskStarter: EffectTaskStarter {
  private let executors = LockedValue<[String?: MainQueueTaskExecutor]>([:])

  func startTask(priority: TaskPriority?, operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
    let test = VirtualTime.currentTestID
    let executor = executors.withValue { executors in
      if let existing = executors[test] { return existing }
      let made = MainQueueTaskExecutor(test: test)
      executors[test] = made
      return made
    }
    return Task(executorPreference: executor, priority: priority, operation: operation)
  }
}

/// A task executor that runs every job as a block on the main queue, counting each as it is queued
/// and as it runs: one serial order for effects' tasks and the main actor's work alike.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
private final class MainQueueTaskExecutor: TaskExecutor {
  /// The test whose effects run here.
  let test: String?

  init(test: String?) {
    self.test = test
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    VirtualTime.noteActivity(of: test)
    DispatchQueue.main.async {
      VirtualTime.noteActivity(of: self.test)
      job.runSynchronously(on: self.asUnownedTaskExecutor())
    }
  }
}
