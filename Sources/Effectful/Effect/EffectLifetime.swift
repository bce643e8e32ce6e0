/// One run of an effect, or of a part of one: running until it finishes or is cancelled, exactly once.
///
/// Lifetimes form a tree: cancelling one cancels its children (a merge's parts, a concatenation's
/// current step), and each tells whoever waits on it when it ends. All lifetimes of one store share
/// that store's registry lock: they are touched a few times per effect, rarely from two threads at
/// once, and one lock per store saves an allocation per run.
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
  @usableFromInline package let scope: EffectScope?

  enum State { case running, finished, cancelled }

  /// What to do on cancellation: run a closure, or cancel a child (no closure to allocate).
  private enum CancelHandler {
    case run(@Sendable () -> Void)
    case cancel(EffectLifetime)
  }

  /// What to do on ending: run a closure, or finish the lifetime this one is the body of.
  private enum EndHandler {
    case run(@Sendable (_ wasCancelled: Bool) -> Void)
    case finish(EffectLifetime)
  }

  // Guarded by `registry.lock`, which is what makes the unchecked exclusivity safe: no two threads
  // touch these at once, and no access to one of them is held across a call that could reach it again.
  @exclusivity(unchecked) var state = State.running
  /// Set when `cancel(id:)` reaches this lifetime after it finished: outputs it let through earlier
  /// that are still on their way to the store must not arrive.
  @exclusivity(unchecked) private var revokedAfterFinishing = false
  // Almost every lifetime has one handler of each kind: the first lives in a field, so that only a
  // second one allocates an array.
  @exclusivity(unchecked) private var cancelHandler: CancelHandler?
  @exclusivity(unchecked) private var moreCancelHandlers: [CancelHandler] = []
  @exclusivity(unchecked) private var endHandler: EndHandler?
  @exclusivity(unchecked) private var moreEndHandlers: [EndHandler] = []
  /// The registry's bookkeeping, which it updates in the same critical section that ends the
  /// lifetime: where it is in the registry's top-level runs, and the id it is registered under.
  @exclusivity(unchecked) var trackedIndex: Int?
  @exclusivity(unchecked) var registeredID: EffectID?
  /// Whether the lifetime is registered under ``registeredID``. Ending a registration clears only this
  /// flag and leaves the id in place: clearing an optional existential copies, checks and destroys it
  /// through value witnesses, a few hundred instructions on every start and cancel (cancel.startCancel).
  @exclusivity(unchecked) var isRegistered = false
  /// Its place among the lifetimes registered under ``registeredID`` when there are several.
  @exclusivity(unchecked) var registeredIndex = 0
  /// Set when ``CancellationRegistry/registerStoreRun(_:id:)`` tracked a store's run as it registered
  /// it, so that the store need not track it again. Not guarded by the lock: only the store's thread
  /// touches it, written while the store starts the run and read right after.
  @usableFromInline @exclusivity(unchecked) var isTrackedAtStart = false
  /// On a top-level run: the ``StoreTaskGroup`` it belongs to, and its place among the group's
  /// members.
  @exclusivity(unchecked) var group: StoreTaskGroup?
  @exclusivity(unchecked) var groupIndex = 0
  /// On a top-level run: how many `.run` tasks under it have not returned yet. A run is over for
  /// its ``StoreTask`` only when it has ended and these have wound down, cancelled or not.
  @exclusivity(unchecked) var runningTasks = 0

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
    registry.lock.withLock { state == .running }
  }

  package var isCancelled: Bool {
    registry.lock.withLock { state == .cancelled }
  }

  /// Whether outputs that already left this lifetime may still be delivered: not once it has been
  /// cancelled, even if it had finished by then.
  package var isRevoked: Bool {
    registry.lock.withLock { state == .cancelled || revokedAfterFinishing }
  }

  @usableFromInline
  package func finish() { end(cancelled: false) }

  package func cancel() { end(cancelled: true) }

  /// Cancels a running lifetime, and marks a finished one so its outputs still in flight are dropped,
  /// in one step: `cancel(id:)` may arrive at the very moment the effect finishes.
  package func revoke() { end(cancelled: true, revokingIfFinished: true) }

  private func end(cancelled: Bool, revokingIfFinished: Bool = false) {
    registry.lock.lock()
    guard state == .running else {
      if revokingIfFinished, state == .finished { revokedAfterFinishing = true }
      registry.lock.unlock()
      return
    }
    state = cancelled ? .cancelled : .finished
    registry.lifetimeEnded(self, wasCancelled: cancelled)
    let woundDown = group == nil || runningTasks > 0 ? nil : group?.memberWoundDown(self)
    // Moved out, not copied: each copy of a handler is a retain and a release.
    let cancel = cancelHandler.take()
    let end = endHandler.take()
    let moreCancels = moreCancelHandlers.isEmpty ? [] : Self.take(&moreCancelHandlers)
    let moreEnds = moreEndHandlers.isEmpty ? [] : Self.take(&moreEndHandlers)
    registry.lock.unlock()
    // Handlers run outside the lock: they cancel children and tell parents, which take it again.
    // Finishing drops the cancel handlers unrun.
    if cancelled {
      if let cancel { Self.run(cancel) }
      for handler in moreCancels { Self.run(handler) }
    }
    if let end { Self.run(end, wasCancelled: cancelled) }
    for handler in moreEnds { Self.run(handler, wasCancelled: cancelled) }
    woundDown?.resume()
  }

  /// A `.run` task under this lifetime is starting: its top-level run is not over for its
  /// ``StoreTask`` until the task has returned (see ``taskReturned(_:)``).
  package func taskStarted() {
    let top = topLevel
    registry.lock.withLock { top.runningTasks += 1 }
  }

  /// A `.run` task under this lifetime has returned; `body` runs in the same critical section (the
  /// task's own bookkeeping, which must change at the same moment).
  package func taskReturned(_ body: () -> Void) {
    let top = topLevel
    registry.lock.lock()
    body()
    top.runningTasks -= 1
    let woundDown =
      top.runningTasks > 0 || top.state == .running || top.group == nil
      ? nil : top.group?.memberWoundDown(top)
    registry.lock.unlock()
    woundDown?.resume()
  }

  private static func take<Element>(_ array: inout [Element]) -> [Element] {
    var taken: [Element] = []
    swap(&taken, &array)
    return taken
  }

  private static func run(_ handler: CancelHandler) {
    switch handler {
    case .run(let body): body()
    case .cancel(let child): child.cancel()
    }
  }

  private static func run(_ handler: EndHandler, wasCancelled: Bool) {
    switch handler {
    case .run(let body): body(wasCancelled)
    case .finish(let parent): parent.finish()
    }
  }

  /// Runs `handler` on cancellation; at once if already cancelled, never if already finished.
  package func onCancel(_ handler: @escaping @Sendable () -> Void) {
    onCancel(.run(handler))
  }

  private func onCancel(_ handler: CancelHandler) {
    registry.lock.lock()
    switch state {
    case .running:
      if cancelHandler == nil { cancelHandler = handler } else { moreCancelHandlers.append(handler) }
      registry.lock.unlock()
    case .cancelled:
      registry.lock.unlock()
      Self.run(handler)
    case .finished:
      registry.lock.unlock()
    }
  }

  /// Runs `handler` when this lifetime ends, however it ends; at once if it already has.
  package func onEnd(_ handler: @escaping @Sendable (_ wasCancelled: Bool) -> Void) {
    onEnd(.run(handler))
  }

  private func onEnd(_ handler: EndHandler) {
    registry.lock.lock()
    switch state {
    case .running:
      if endHandler == nil { endHandler = handler } else { moreEndHandlers.append(handler) }
      registry.lock.unlock()
    case .finished:
      registry.lock.unlock()
      Self.run(handler, wasCancelled: false)
    case .cancelled:
      registry.lock.unlock()
      Self.run(handler, wasCancelled: true)
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
  package func makeChildFinishingParent(scope: EffectScope) -> EffectLifetime {
    makeChild(endHandler: .finish(self), scope: scope)
  }

  private func makeChild(endHandler: EndHandler?) -> EffectLifetime {
    makeChild(endHandler: endHandler, scope: scope)
  }

  private func makeChild(endHandler: EndHandler?, scope: EffectScope?) -> EffectLifetime {
    let child = EffectLifetime(childOf: self, scope: scope)
    // Nobody else can see the child until this lifetime can cancel it: no lock needed yet.
    child.endHandler = endHandler
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
