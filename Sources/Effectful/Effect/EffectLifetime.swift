/// One run of an effect, or of a part of one: running until it finishes or is cancelled, exactly once.
///
/// Lifetimes form a tree: cancelling one cancels its children (a merge's parts, a concatenation's
/// current step), and each tells whoever waits on it when it ends. A lifetime is a handle: its state
/// is its ``record``, part of its store's ``RegistryState``, changed only by that state's transitions
/// under the registry's one lock. They are touched a few times per effect, rarely from two threads
/// at once, and one lock per store saves an allocation per run.
@usableFromInline
package final class EffectLifetime: @unchecked Sendable {
  @usableFromInline package let registry: CancellationRegistry

  /// Whether this is a run that a ``Store`` started for an effect its reducer returned. Its outputs
  /// reach the store synchronously, on the thread that sends them, which must be the main thread
  /// (every operator that moves outputs elsewhere runs its upstream under a child lifetime), and
  /// nothing that waits on it tells cancelling from finishing. So a `cancellable(id:)` run directly
  /// under it registers this lifetime itself instead of a child: `send` already checks it on the
  /// store's thread, where cancellations happen, so no output of a cancelled run can slip through.
  let isStoreRun: Bool

  /// The top-level run this lifetime is part of (what a store started), or `nil` if this is one.
  /// Strong: a `.run` task still winding down tells its top-level run when it returns, after its
  /// own lifetime may have ended. No cycle outlives the run: the parent's only hold on a child is
  /// its cancel handler, dropped when the parent ends.
  let root: EffectLifetime?
  /// The element or optional child whose reducer returned the effect this run belongs to, if any:
  /// cancellation ids used under it are that element's own (see `EffectScope`). Children inherit it.
  ///
  /// Set at creation, or once, by ``RegistryState/adoptStoreRun(_:scope:)``, on a store's run that
  /// a child's effect takes over whole before its body has started (under the registry's lock, on
  /// the store's thread, before any part of the run or any task of it can read it): that is what
  /// makes the unchecked exclusivity safe.
  @usableFromInline @exclusivity(unchecked) package internal(set) var scope: EffectScope?

  /// This run's part of its registry's state: read and written only by ``RegistryState``'s
  /// transitions, with the registry's lock held, which is what makes the unchecked exclusivity safe.
  @exclusivity(unchecked) var record = LifetimeRecord()
  /// Set when ``CancellationRegistry/registerStoreRun(_:id:)`` tracked a store's run as it registered
  /// it, so that the store need not track it again. Written under the lock, but read without it: only
  /// the store's thread reads it, right after starting the run.
  @usableFromInline @exclusivity(unchecked) var isTrackedAtStart = false

  @usableFromInline
  package init(registry: CancellationRegistry, scope: EffectScope? = nil) {
    self.registry = registry
    self.isStoreRun = false
    self.root = nil
    self.scope = scope
  }

  /// A run that a store starts: see ``isStoreRun``.
  @usableFromInline
  init(storeRunIn registry: CancellationRegistry) {
    self.registry = registry
    self.isStoreRun = true
    self.root = nil
    self.scope = nil
  }

  private init(childOf parent: EffectLifetime, scope: EffectScope?) {
    self.registry = parent.registry
    self.isStoreRun = false
    self.root = parent.root ?? parent
    self.scope = scope
  }

  /// The top-level run this lifetime is part of: itself, if it is one.
  package var topLevel: EffectLifetime { root ?? self }

  @usableFromInline
  package var isRunning: Bool {
    registry.withState { $0.phase(of: self) == .running }
  }

  package var isCancelled: Bool {
    registry.withState { $0.phase(of: self) == .cancelled }
  }

  /// Whether outputs that already left this lifetime may still be delivered: not once it has been
  /// cancelled, even if it had finished by then.
  package var isRevoked: Bool {
    registry.withState { $0.isRevoked(self) }
  }

  @usableFromInline
  package func finish() { end(cancelled: false) }

  package func cancel() { end(cancelled: true) }

  private func end(cancelled: Bool) {
    registry.withState { $0.end(self, cancelled: cancelled) }?.carryOut()
  }

  /// A `.run` task under this lifetime is starting: its top-level run is not over for its
  /// ``StoreTask`` until the task has returned (see ``taskReturned(_:)``).
  package func taskStarted() {
    registry.withState { $0.taskStarted(under: self) }
  }

  /// A `.run` task under this lifetime has returned; `body` runs in the same critical section (the
  /// task's own bookkeeping, which must change at the same moment), told whether this lifetime had
  /// been cancelled by then.
  package func taskReturned(_ body: (_ wasCancelled: Bool) -> Void) {
    registry.withState { state in
      body(state.phase(of: self) == .cancelled)
      return state.taskReturned(under: self)
    }?.resume()
  }

  /// Runs `handler` on cancellation; at once if already cancelled, never if already finished.
  package func onCancel(_ handler: @escaping @Sendable () -> Void) {
    onCancel(.run(handler))
  }

  private func onCancel(_ handler: CancelHandler) {
    if registry.withState({ $0.addCancelHandler(handler, to: self) }) { handler() }
  }

  /// Runs `handler` when this lifetime ends, however it ends; at once if it already has.
  @usableFromInline
  package func onEnd(_ handler: @escaping @Sendable (_ wasCancelled: Bool) -> Void) {
    let handler = EndHandler.run(handler)
    if let wasCancelled = registry.withState({ $0.addEndHandler(handler, to: self) }) {
      handler(wasCancelled: wasCancelled)
    }
  }

  /// A lifetime that is cancelled with this one but can end on its own.
  @usableFromInline
  package func makeChild() -> EffectLifetime {
    makeChild(endHandler: nil)
  }

  /// A child (see ``makeChild()``) whose ending, however it ends, finishes this lifetime: the body of
  /// an operator that is over when its body is.
  @usableFromInline
  package func makeChildFinishingParent() -> EffectLifetime {
    makeChild(endHandler: .finish(self))
  }

  /// A child (see ``makeChildFinishingParent()``) that runs under `scope` instead of this
  /// lifetime's scope: the run of an element's effect.
  @usableFromInline
  package func makeChildFinishingParent(scope: EffectScope) -> EffectLifetime {
    makeChild(endHandler: .finish(self), scope: scope)
  }

  private func makeChild(endHandler: EndHandler?) -> EffectLifetime {
    makeChild(endHandler: endHandler, scope: scope)
  }

  private func makeChild(endHandler: EndHandler?, scope: EffectScope?) -> EffectLifetime {
    let child = EffectLifetime(childOf: self, scope: scope)
    // Nobody else can see the child until this lifetime can cancel it: no lock needed yet.
    if let endHandler { child.record.endHandlers.append(endHandler) }
    onCancel(.cancel(child))
    return child
  }
}

/// The cancellable lifetimes an output passed through on its way to the store.
///
/// An output can pass a ``Effect/cancellable(id:cancelInFlight:)`` boundary on one thread and then
/// hop to the store's thread (`receive(on:)`, a delay). If the id is cancelled in between, the boundary
/// already let it through; the store checks this list again on its own thread, after it has processed
/// every cancellation sent before, so a cancelled effect's output never arrives, however it raced.
@usableFromInline
package final class Provenance: Sendable {
  let lifetime: EffectLifetime
  let next: Provenance?

  @usableFromInline
  package init(_ lifetime: EffectLifetime, next: Provenance?) {
    self.lifetime = lifetime
    self.next = next
  }
}

extension Optional where Wrapped == Provenance {
  /// Whether no lifetime the output passed through has been cancelled since. (Finishing is fine: an
  /// effect's last output usually leaves just as it finishes.)
  @usableFromInline
  package var isLive: Bool {
    var node = self
    while let current = node {
      if current.lifetime.isRevoked { return false }
      node = current.next
    }
    return true
  }
}
