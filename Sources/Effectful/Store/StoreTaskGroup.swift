/// The top-level runs one ``StoreTask`` covers: those its `send` started, and, transitively, those
/// started by outputs they delivered. A run is a member until it has ended and every `.run` task
/// under it has returned (wound down), so that waiting on the group waits for cancelled work too.
///
/// A handle: its state is its ``record``, part of its store's ``RegistryState`` and changed only by
/// that state's transitions, under the registry's lock.
@usableFromInline
package final class StoreTaskGroup: @unchecked Sendable {
  let registry: CancellationRegistry
  /// Read and written only by ``RegistryState``'s transitions, with the registry's lock held, which
  /// is what makes the unchecked exclusivity safe.
  @exclusivity(unchecked) var record = StoreTaskGroupRecord()

  @usableFromInline
  init(registry: CancellationRegistry) {
    self.registry = registry
  }

  /// Makes `run`, a top-level run that has not wound down, a member.
  @usableFromInline
  func join(_ run: EffectLifetime) {
    if registry.withState({ $0.join(run, self) }) { run.cancel() }
  }

  /// Makes `run` a member of the group of the task `delivering` belongs to: the top-level run whose
  /// output the store is reducing.
  @usableFromInline
  static func join(_ run: EffectLifetime, groupOf delivering: EffectLifetime) {
    if run.registry.withState({ $0.join(run, groupOf: delivering) }) { run.cancel() }
  }

  /// Makes `run` a member of the group of the task that `first`, the first run of the same send,
  /// stands for (see ``StoreTask/firstRun``).
  @usableFromInline
  static func join(_ run: EffectLifetime, taskOf first: EffectLifetime) {
    if run.registry.withState({ $0.join(run, taskOf: first) }) { run.cancel() }
  }

  /// The group of the task that `run`, the first run of its send, stands for: made when first
  /// needed (see ``StoreTask/firstRun``).
  static func ofTask(of run: EffectLifetime) -> StoreTaskGroup {
    run.registry.withState { $0.taskGroup(of: run) }
  }

  /// Returns once every member has wound down.
  func wait() async {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      if registry.withState({ $0.wait(for: self, continuation) }) { continuation.resume() }
    }
  }

  /// Returns `true` once every member has wound down, or `false` once `timeout` has passed first in
  /// real time; the members go on either way.
  func wait(timeout: Duration) async -> Bool {
    if isWoundDown { return true }
    let waiter = LockedValue<UnsafeContinuation<Bool, Never>?>(nil)
    return await withUnsafeContinuation { continuation in
      waiter.withValue { $0 = continuation }
      let timer = Task {
        try? await Task.sleep(for: timeout)
        waiter.take()?.resume(returning: false)
      }
      // Unstructured, as the timer: the group's waiters cannot be withdrawn, so a member that never
      // winds down keeps this one until the store ends its effects, not the caller.
      Task {
        await self.wait()
        waiter.take()?.resume(returning: true)
        timer.cancel()
      }
    }
  }

  /// Cancels every member, and every run that joins from now on.
  func cancel() {
    for run in registry.withState({ $0.cancel(self) }) { run.cancel() }
  }

  /// Whether every member has wound down.
  var isWoundDown: Bool {
    registry.withState { $0.isWoundDown(self) }
  }

  /// Whether every run that joined was cancelled (and at least one joined).
  var everyRunWasCancelled: Bool {
    registry.withState { $0.everyRunWasCancelled(self) }
  }
}
