/// The top-level runs one ``StoreTask`` covers: those its `send` started, and, transitively, those
/// started by outputs they delivered. A run is a member until it has ended and every `.run` task
/// under it has returned (wound down), so that waiting on the group waits for cancelled work too.
///
/// Guarded by the registry's lock, like the lifetimes it holds: a group belongs to one store.
@usableFromInline
package final class StoreTaskGroup: @unchecked Sendable {
  let registry: CancellationRegistry

  // Guarded by `registry.lock`.
  /// Runs that have not wound down, each knowing its place (``EffectLifetime/groupIndex``), so that
  /// one leaves in O(1): a burst of thousands of runs must not leave in quadratic time.
  @exclusivity(unchecked) private var members: [EffectLifetime] = []
  /// How many members wound down having finished rather than been cancelled.
  @exclusivity(unchecked) private var finishedCount = 0
  @exclusivity(unchecked) private var joinedCount = 0
  /// Set by ``cancel()``: a run joining later (started by an output already on its way) is cancelled
  /// as it joins.
  @exclusivity(unchecked) private var isCancelled = false
  @exclusivity(unchecked) private var waiters: [UnsafeContinuation<Void, Never>] = []

  @usableFromInline
  init(registry: CancellationRegistry) {
    self.registry = registry
  }

  /// Makes `run`, a top-level run that has not wound down, a member.
  @usableFromInline
  func join(_ run: EffectLifetime) {
    registry.lock.lock()
    let cancelNow = add(run)
    registry.lock.unlock()
    if cancelNow { run.cancel() }
  }

  /// Makes `run` a member of the group `delivering` belongs to, if it belongs to one; returns
  /// whether it did. `delivering` is the top-level run whose output the store is reducing.
  @usableFromInline
  static func join(_ run: EffectLifetime, groupOf delivering: EffectLifetime) -> Bool {
    let registry = run.registry
    registry.lock.lock()
    guard let group = delivering.group else {
      registry.lock.unlock()
      return false
    }
    let cancelNow = group.add(run)
    registry.lock.unlock()
    if cancelNow { run.cancel() }
    return true
  }

  /// Must be called with the lock held. Returns whether to cancel `run`, outside the lock.
  private func add(_ run: EffectLifetime) -> Bool {
    guard run.group == nil, run.state == .running || run.runningTasks > 0 else { return false }
    run.group = self
    run.groupIndex = members.count
    members.append(run)
    joinedCount += 1
    return isCancelled && run.state == .running
  }

  /// Must be called with the lock held, when `run` has ended and its tasks have returned: it leaves,
  /// and if it was the last, the waiters are returned, to resume outside the lock.
  func memberWoundDown(_ run: EffectLifetime) -> Waiters? {
    run.group = nil
    if run.state == .finished { finishedCount += 1 }
    let index = run.groupIndex
    let last = members.removeLast()
    if last !== run {
      members[index] = last
      last.groupIndex = index
    }
    guard members.isEmpty, !waiters.isEmpty else { return nil }
    var taken: [UnsafeContinuation<Void, Never>] = []
    swap(&taken, &waiters)
    return Waiters(continuations: taken)
  }

  /// Returns once every member has wound down.
  func wait() async {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      registry.lock.lock()
      guard !members.isEmpty else {
        registry.lock.unlock()
        continuation.resume()
        return
      }
      waiters.append(continuation)
      registry.lock.unlock()
    }
  }

  /// Cancels every member, and every run that joins from now on.
  func cancel() {
    let running = registry.lock.withLock {
      isCancelled = true
      return members
    }
    for run in running { run.cancel() }
  }

  /// Whether every member has wound down.
  var isWoundDown: Bool {
    registry.lock.withLock { members.isEmpty }
  }

  /// Whether every run that joined was cancelled (and at least one joined).
  var everyRunWasCancelled: Bool {
    registry.lock.withLock {
      joinedCount > 0 && finishedCount == 0 && members.allSatisfy { $0.state == .cancelled }
    }
  }

  /// Tasks waiting for the group, taken out under the lock and resumed outside it.
  struct Waiters {
    let continuations: [UnsafeContinuation<Void, Never>]

    func resume() {
      for continuation in continuations { continuation.resume() }
    }
  }
}
