/// Which `.run` effect tasks are busy, and which are waiting on virtual time: what lets a test clock
/// know that the work it woke has gone as far as it can.
///
/// Every `.run` effect is a ``TrackedRun`` from the moment the store starts it (before its task even
/// begins) until its operation has returned and the effect has finished. A run is *busy* while its
/// task can make progress on its own, and *waiting* while it sleeps on a virtual clock (`TestClock`
/// tells the tracker through ``suspend(_:)`` and ``resume(_:)``). A clock's `advance` resumes one
/// sleeper, then awaits ``waitUntilIdle(root:timeout:)``: no busy run is left, so every send the woken
/// work made has been reduced, and every run it started has reached the clock or ended.
///
/// Runs are grouped by *root*: the task that started the first effect of a chain (a test's own task),
/// inherited by every run started from inside a run (its sends are reduced in its task, so effects
/// that the store starts for them are started there too). Tests running in parallel each have their
/// own root, so one test's clock never waits for another test's effects.
package final class EffectTaskTracker: @unchecked Sendable {
  /// The tracker every `.run` effect reports to.
  package static let shared = EffectTaskTracker()

  /// The run whose task (or a child task of it) is executing, if any.
  @TaskLocal package static var currentRun: TrackedRun?

  private let lock = Lock()
  // Guarded by `lock`.
  private var busyRuns: [RunRoot: Int] = [:]
  /// How many times a run of each root with busy runs changed state: what tells a slow run (one
  /// waiting its turn on a crowded main actor) from a stuck one.
  private var progress: [RunRoot: UInt64] = [:]
  private var waiters: [RunRoot: [IdleWaiter]] = [:]

  /// The root that work started from the current context belongs to.
  package static var currentRoot: RunRoot {
    if let run = currentRun { return run.root }
    return RunRoot(
      task: withUnsafeCurrentTask { $0?.hashValue },
      test: testIdentity.withValue { $0 }?())
  }

  /// Names the test running in the current task, if any: installed by `EffectfulTesting`, since only
  /// it knows the test frameworks. A task's address alone is no identity: a test's task may be freed
  /// and its address reused by the next test's while runs the first one left behind are still busy.
  private static let testIdentity = LockedValue<(@Sendable () -> EffectID?)?>(nil)

  /// Installs the function that names the running test (see ``currentRoot``); the first one stays.
  package static func installTestIdentity(_ identify: @escaping @Sendable () -> EffectID?) {
    testIdentity.withValue { installed in
      if installed == nil { installed = identify }
    }
  }

  /// Records a run that is about to start its task: busy until it suspends on a clock or ends.
  package func begin() -> TrackedRun {
    let run = TrackedRun(root: Self.currentRoot)
    lock.withLock {
      busyRuns[run.root, default: 0] += 1
      progress[run.root, default: 0] &+= 1
    }
    return run
  }

  /// The run's task is waiting on virtual time.
  package func suspend(_ run: TrackedRun) {
    settle(run, by: -1)
  }

  /// The run's task can make progress again: called *before* resuming it, so no waiter can see the
  /// run idle in between.
  package func resume(_ run: TrackedRun) {
    settle(run, by: +1)
  }

  /// The run's operation is over and its effect has finished.
  package func end(_ run: TrackedRun) {
    settle(run, by: -1)
  }

  /// A run is busy while its activity is positive. Activity can dip below zero when child tasks of one
  /// run sleep at once; it is the crossing of zero that counts.
  private func settle(_ run: TrackedRun, by change: Int) {
    let idle = lock.withLock { () -> [IdleWaiter] in
      let before = run.activity
      run.activity += change
      progress[run.root, default: 0] &+= 1
      if before <= 0, run.activity > 0 {
        busyRuns[run.root, default: 0] += 1
      } else if before > 0, run.activity <= 0 {
        let remaining = busyRuns[run.root, default: 1] - 1
        busyRuns[run.root] = remaining == 0 ? nil : remaining
        if remaining == 0 {
          progress[run.root] = nil
          return waiters.removeValue(forKey: run.root) ?? []
        }
      }
      return []
    }
    for waiter in idle { waiter.complete(idle: true) }
  }

  /// A count that changes whenever a run of `root` starts, sleeps, wakes or ends, while any is busy.
  package func progressCount(root: RunRoot) -> UInt64 {
    lock.withLock { progress[root] ?? 0 }
  }

  /// How many runs of `root` are busy now.
  package func busyCount(root: RunRoot) -> Int {
    lock.withLock { busyRuns[root] ?? 0 }
  }

  /// Returns once no run of `root` is busy (`true`), or `timeout` of real time has passed (`false`):
  /// the bound that keeps a run stuck on something other than a virtual clock from hanging a test.
  package func waitUntilIdle(root: RunRoot, timeout: Duration) async -> Bool {
    let waiter = IdleWaiter()
    let isIdle = lock.withLock { () -> Bool in
      if busyRuns[root] == nil { return true }
      waiters[root, default: []].append(waiter)
      return false
    }
    if isIdle { return true }
    let timer = Task {
      do { try await Task.sleep(for: timeout) } catch { return }
      self.lock.withLock { self.waiters[root]?.removeAll { $0 === waiter } }
      waiter.complete(idle: false)
    }
    defer { timer.cancel() }
    return await waiter.wait()
  }
}

/// The task a chain of effects started from: see ``EffectTaskTracker``.
package struct RunRoot: Hashable, Sendable {
  /// The starting task's address, or `nil` for work started outside any task (a synchronous XCTest
  /// method, a dispatch queue callback).
  let task: Int?
  /// The test that task runs, when a test framework says so.
  let test: EffectID?
}

/// One `.run` effect, as the tracker sees it.
package final class TrackedRun: @unchecked Sendable {
  let root: RunRoot
  /// Guarded by the tracker's lock: 1 while busy, 0 while waiting on virtual time.
  var activity = 1

  init(root: RunRoot) {
    self.root = root
  }
}

/// One `waitUntilIdle` call: completed once, by whichever comes first, idleness or the timeout.
private final class IdleWaiter: @unchecked Sendable {
  private let lock = Lock()
  // Guarded by `lock`.
  private var outcome: Bool?
  private var continuation: CheckedContinuation<Bool, Never>?

  func wait() async -> Bool {
    await withCheckedContinuation { continuation in
      let ready = lock.withLock { () -> Bool? in
        if let outcome { return outcome }
        self.continuation = continuation
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }

  func complete(idle: Bool) {
    let continuation = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
      guard outcome == nil else { return nil }
      outcome = idle
      defer { self.continuation = nil }
      return self.continuation
    }
    continuation?.resume(returning: idle)
  }
}
