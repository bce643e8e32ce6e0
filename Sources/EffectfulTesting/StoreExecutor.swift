import Dispatch
import Effectful

/// Runs the tasks of one store's `.run` effects, one job at a time on the main queue, and knows at
/// every moment whether any of them is waiting to run: the state that settling is decided from.
///
/// Each store made in a test has its own (see ``VirtualWorld``). A job it is given waits in its
/// queue; a block on the main queue runs it, so effects make progress on their own, and a test that
/// settles runs whatever is queued at once, in the same order. Either way one job runs at a time, on
/// the main actor's queue, so "every task has gone as far as it can" is a fact: the queue is empty,
/// and nothing the jobs handed to the main actor is still on its way there.
final class StoreExecutor: TaskExecutor, EffectTaskStarter, @unchecked Sendable {
  /// The executor whose task is running now, for the clocks its effects sleep on. Every task an
  /// effect makes inherits it: task-group children and unstructured `Task {}` too.
  @TaskLocal static var current: StoreExecutor?
  /// The top-level task of the `.run` running now (its handle's hash): which of the tasks that
  /// carry ``current`` this executor counts alive. Remembered by hash, not held: a task-local that
  /// held its own task would keep it for ever.
  @TaskLocal static var runTask: Int?

  /// The virtual time this executor's store belongs to: a store and the clocks made in one task.
  let world: VirtualWorld
  private let lock = Lock()
  // Guarded by `lock`.
  private var jobs = FIFOQueue<UnownedJob>()
  /// Whether a block that runs the next job is on the main queue: see ``drainOneJob()``.
  private var isDrainPosted = false
  /// Main-queue blocks of this store's effects not yet run (a `receive(on: .main)` hop, an end).
  private var mainQueueWork = 0
  /// Whether a job ran since the last turn of the main queue: what it handed the main actor (an
  /// `await send(…)`, a hop to a main-actor function) runs in that queue, before the next turn ends.
  private var ranSinceTurn = false
  /// `.run` tasks started and not yet returned, and how many of those same tasks sleep on a test
  /// clock now: when every one sleeps, nothing but the test moving time can wake them. Only a
  /// top-level task's own sleep counts, so that the two counts are of the same tasks: a `.run`
  /// awaiting a task group whose children sleep on the clock, or racing a clock against a real
  /// request, waits on more than virtual time.
  private var tasksAlive = 0
  private var tasksAsleep = 0
  /// Jobs run, `.run` tasks started, ended or woken from a clock sleep, main-queue blocks run:
  /// what ``VirtualWorld/progressMark`` adds up.
  private var movesSoFar = 0
  /// Idle turns of the main queue settling may still take for this store's awake tasks: see
  /// ``takeIdleTurn()``. Granted when a `.run` task starts or wakes from a clock sleep, the events
  /// after which it may be following a chain of main-queue hops; spent by settling.
  private var idleTurnsOwed = 0

  init(world: VirtualWorld) {
    self.world = world
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let posts = lock.withLock { () -> Bool in
      jobs.append(job)
      return takeDrainPosting()
    }
    if posts { DispatchQueue.main.async { self.drainOneJob() } }
  }

  /// Runs one queued job from the main queue, and posts itself again while jobs are left: one
  /// block at a time on the main queue, whoever else runs the jobs. A block per job would pile up
  /// when settling runs the jobs itself: a task that only yields queues a job, and so a block, each
  /// time it runs, and every block left finds the next job and queues another.
  private func drainOneJob() {
    lock.withLock { isDrainPosted = false }
    _ = runNextJob()
    let posts = lock.withLock { !jobs.isEmpty && takeDrainPosting() }
    if posts { DispatchQueue.main.async { self.drainOneJob() } }
  }

  /// Marks a drain block posted, if none is; returns whether the caller is the one to post it.
  /// Called under `lock`.
  private func takeDrainPosting() -> Bool {
    guard !isDrainPosted else { return false }
    isDrainPosted = true
    return true
  }

  /// Runs the oldest queued job, on the caller's thread, which is the main queue's. Returns whether
  /// there was one.
  func runNextJob() -> Bool {
    guard
      let job = lock.withLock({ () -> UnownedJob? in
        guard let job = jobs.popFirst() else { return nil }
        ranSinceTurn = true
        movesSoFar &+= 1
        return job
      })
    else { return false }
    job.runSynchronously(on: asUnownedTaskExecutor())
    return true
  }

  /// Whether the main queue must come round before this store can be called settled; clears the
  /// mark of jobs run, which the coming turn answers for.
  func takeNeedsMainQueueTurn() -> Bool {
    lock.withLock {
      defer { ranSinceTurn = false }
      return ranSinceTurn || mainQueueWork > 0
    }
  }

  var hasQueuedJobs: Bool {
    lock.withLock { !jobs.isEmpty }
  }

  /// See ``movesSoFar``.
  var moves: Int {
    lock.withLock { movesSoFar }
  }

  /// Whether nothing of this store's effects is awake: no job queued, no main-queue block pending,
  /// and every `.run` task asleep on a test clock. Effects with no task (callback effects) count as
  /// asleep: what wakes them, if not the clock, cannot be seen.
  var isIdle: Bool {
    lock.withLock { jobs.isEmpty && mainQueueWork == 0 && tasksAsleep >= tasksAlive }
  }

  // MARK: EffectTaskStarter

  func startTask(
    priority: TaskPriority?, operation: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    lock.withLock {
      tasksAlive += 1
      movesSoFar &+= 1
      idleTurnsOwed = VirtualWorld.idleTurnLimit
    }
    return Task(executorPreference: self, priority: priority) {
      await StoreExecutor.$current.withValue(self) {
        await StoreExecutor.$runTask.withValue(withUnsafeCurrentTask { $0?.hashValue }, operation: operation)
      }
      self.lock.withLock {
        self.tasksAlive -= 1
        self.movesSoFar &+= 1
      }
    }
  }

  /// Brackets a sleep on a test clock by a task that carries this executor: counted asleep if it is
  /// the top-level task of a `.run`. The wake-up runs on this executor whatever task sleeps. But an
  /// unstructured `Task {}` made in an effect inherits the task-local, not the executor preference
  /// (SE-0417), so once this bracket returns it goes back to the global executor: what it does after
  /// the sleep is not part of settling, and `TestClock.advance`'s documentation says so. Swift offers
  /// no way to keep it here short of a process-wide enqueue hook, which test machinery must not be.
  func sleeps<T>(_ body: () async throws -> T) async throws -> T {
    let isRunTask = Self.runTask != nil && withUnsafeCurrentTask { $0?.hashValue } == Self.runTask
    if isRunTask { lock.withLock { tasksAsleep += 1 } }
    defer {
      if isRunTask {
        lock.withLock {
          tasksAsleep -= 1
          movesSoFar &+= 1
          idleTurnsOwed = VirtualWorld.idleTurnLimit
        }
      }
    }
    return try await withTaskExecutorPreference(self) { try await body() }
  }

  /// Whether a task of this store is alive and not asleep on a test clock: it waits on something
  /// else (a real queue, a continuation another thread resumes), so settling looks a little longer.
  var hasTaskAwake: Bool {
    lock.withLock { tasksAsleep < tasksAlive }
  }

  /// Spends one idle turn of the main queue, if a task of this store is awake and turns are still
  /// owed since one started or woke from a clock sleep. A task that stays awake for long (a `.run`
  /// awaiting a task group whose child ticks on the clock, a subscription) is looked at for that
  /// many turns once, not at every settling: otherwise each virtual tick paid every idle turn, and
  /// each turn waits behind whatever the other tests queued on the main queue.
  func takeIdleTurn() -> Bool {
    lock.withLock {
      guard tasksAsleep < tasksAlive, idleTurnsOwed > 0 else { return false }
      idleTurnsOwed -= 1
      return true
    }
  }

  /// Whether at most `runningEffects` effects run, each with a `.run` task, and every such task
  /// sleeps on a test clock: then waiting in real time cannot change anything.
  func onlyVirtualTimeCanWake(runningEffects: Int) -> Bool {
    lock.withLock { tasksAlive > 0 && runningEffects <= tasksAlive && tasksAsleep >= tasksAlive }
  }

  func finishInVirtualTime(
    until isDone: @escaping @Sendable () -> Bool, gracesTheTest: Bool, file: StaticString, line: UInt
  ) async -> Bool {
    // Only the task that owns this virtual time moves it. Any other (a view's `.task`) waits while
    // the test goes on and advances the clock, for a grace in real time while nothing moves.
    guard world.isOwnedByCurrentTask else {
      guard gracesTheTest else { return false }
      return await finishOutsideTheTest(until: isDone, file: file, line: line)
    }
    guard await world.settle() else {
      reportTestFailure(TestStoreMessage.neverSettles, file: file, line: line)
      return true
    }
    if isDone() { return true }
    // Waiting on something outside virtual time (a network call): wait for it as an app does.
    guard world.hasWorkWaitingForTime else { return false }
    reportTestFailure(
      """
      StoreTask.finish(): the effects wait for virtual time to move, and the test that would move \
      it is the one waiting. Advance the clock before finishing, or finish in a task of its own. \
      \(world.waitingAdvice())
      """, file: file, line: line)
    return true
  }

  /// A `finish()` awaited outside the test's own task: waits while the test may still advance,
  /// and fails once, for ``VirtualWorld/finishGrace``, the effects only waited on virtual time and
  /// nothing moved it. Returns `false` if the waiting task was cancelled: `finish()` then cancels
  /// the effects and waits for them to wind down, as it does in an app.
  private func finishOutsideTheTest(
    until isDone: @Sendable () -> Bool, file: StaticString, line: UInt
  ) async -> Bool {
    let world = world
    let outcome = await world.waitForTheTest(
      grace: VirtualWorld.finishGrace, isQuiet: { self.isIdle && world.hasWorkWaitingForTime },
      until: isDone)
    switch outcome {
    case .done: return true
    case .cancelled: return false
    case .runaway:
      reportTestFailure(TestStoreMessage.neverSettles, file: file, line: line)
      return true
    case .graceRanOut:
      reportTestFailure(
        """
        StoreTask.finish(): the effects wait for virtual time to move, and nothing moved it for \
        \(VirtualWorld.spelled(VirtualWorld.finishGrace)) of real time. Awaited outside the test's \
        own task, finish() waits that long for the test to advance the clock, then returns, \
        leaving the effects running. \(world.waitingAdvice())
        """, file: file, line: line)
      return true
    }
  }

  func finishAfterTimeout(
    until isDone: @escaping @Sendable () -> Bool, timeout: Duration, file: StaticString, line: UInt
  ) async -> Bool {
    guard await world.settle() else {
      reportTestFailure(TestStoreMessage.neverSettles, file: file, line: line)
      return isDone()
    }
    if isDone() { return true }
    reportTestFailure(
      """
      StoreTask.finish(timeout: \(VirtualWorld.spelled(timeout))): the effects were still running \
      when the timeout passed. \(world.waitingAdvice())
      """, file: file, line: line)
    return false
  }

  func runOnMainQueue(_ block: @escaping @Sendable () -> Void) {
    lock.withLock { mainQueueWork += 1 }
    DispatchQueue.main.async {
      block()
      self.lock.withLock {
        self.mainQueueWork -= 1
        self.ranSinceTurn = true
        self.movesSoFar &+= 1
      }
    }
  }
}
