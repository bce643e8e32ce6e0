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
  /// The executor whose task is running now, for the clocks its effects sleep on.
  @TaskLocal static var current: StoreExecutor?

  /// The virtual time this executor's store belongs to: a store and the clocks made in one task.
  let world: VirtualWorld
  private let lock = Lock()
  // Guarded by `lock`.
  private var jobs = FIFOQueue<UnownedJob>()
  /// Main-queue blocks of this store's effects not yet run (a `receive(on: .main)` hop, an end).
  private var mainQueueWork = 0
  /// Whether a job ran since the last turn of the main queue: what it handed the main actor (an
  /// `await send(…)`, a hop to a main-actor function) runs in that queue, before the next turn ends.
  private var ranSinceTurn = false
  /// `.run` tasks started and not yet returned, and how many of them (or of their child tasks) sleep
  /// on a test clock now: when every one sleeps, nothing but the test moving time can wake them.
  private var tasksAlive = 0
  private var tasksAsleep = 0

  init(world: VirtualWorld) {
    self.world = world
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    lock.withLock { jobs.append(job) }
    DispatchQueue.main.async { _ = self.runNextJob() }
  }

  /// Runs the oldest queued job, on the caller's thread, which is the main queue's. Returns whether
  /// there was one.
  func runNextJob() -> Bool {
    guard
      let job = lock.withLock({ () -> UnownedJob? in
        guard let job = jobs.popFirst() else { return nil }
        ranSinceTurn = true
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

  // MARK: EffectTaskStarter

  func startTask(
    priority: TaskPriority?, operation: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    lock.withLock { tasksAlive += 1 }
    return Task(executorPreference: self, priority: priority) {
      await StoreExecutor.$current.withValue(self, operation: operation)
      self.lock.withLock { self.tasksAlive -= 1 }
    }
  }

  /// Brackets a sleep on a test clock by one of this store's tasks.
  func sleeps<T>(_ body: () async throws -> T) async rethrows -> T {
    lock.withLock { tasksAsleep += 1 }
    defer { lock.withLock { tasksAsleep -= 1 } }
    return try await body()
  }

  /// Whether at most `runningEffects` effects run, each with a `.run` task, and every such task
  /// sleeps on a test clock: then waiting in real time cannot change anything.
  func onlyVirtualTimeCanWake(runningEffects: Int) -> Bool {
    lock.withLock { tasksAlive > 0 && runningEffects <= tasksAlive && tasksAsleep >= tasksAlive }
  }

  func finishInVirtualTime(
    until isDone: @escaping @Sendable () -> Bool, file: StaticString, line: UInt
  ) async -> Bool {
    // Only the task that owns this virtual time moves it. Any other (a view's `.task`) may wait:
    // the test goes on meanwhile and advances the clock.
    guard world.isOwnedByCurrentTask else { return false }
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

  func runOnMainQueue(_ block: @escaping @Sendable () -> Void) {
    lock.withLock { mainQueueWork += 1 }
    DispatchQueue.main.async {
      block()
      self.lock.withLock {
        self.mainQueueWork -= 1
        self.ranSinceTurn = true
      }
    }
  }
}
