/// One run of an effect, or of a part of one: running until it finishes or is cancelled, exactly once.
///
/// Lifetimes form a tree: cancelling one cancels its children (a merge's parts, a concatenation's
/// current step), and each tells whoever waits on it when it ends. All lifetimes of one store share
/// that store's registry lock: they are touched a few times per effect, rarely from two threads at
/// once, and one lock per store saves an allocation per run.
@usableFromInline
package final class EffectLifetime: @unchecked Sendable {
  package let registry: CancellationRegistry

  private enum State { case running, finished, cancelled }

  // Guarded by `registry.lock`.
  private var state = State.running
  /// Set when `cancel(id:)` reaches this lifetime after it finished: outputs it let through earlier
  /// that are still on their way to the store must not arrive.
  private var revokedAfterFinishing = false
  // Almost every lifetime has one handler of each kind: the first lives in a field, so that only a
  // second one allocates an array.
  private var cancelHandler: (@Sendable () -> Void)?
  private var moreCancelHandlers: [@Sendable () -> Void] = []
  private var endHandler: (@Sendable (_ wasCancelled: Bool) -> Void)?
  private var moreEndHandlers: [@Sendable (_ wasCancelled: Bool) -> Void] = []

  package init(registry: CancellationRegistry) {
    self.registry = registry
  }

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
    let cancel = cancelled ? cancelHandler : nil
    let moreCancels = cancelled ? moreCancelHandlers : []
    let end = endHandler
    let moreEnds = moreEndHandlers
    cancelHandler = nil
    moreCancelHandlers = []
    endHandler = nil
    moreEndHandlers = []
    registry.lock.unlock()
    // Handlers run outside the lock: they cancel children and tell parents, which take it again.
    cancel?()
    for handler in moreCancels { handler() }
    end?(cancelled)
    for handler in moreEnds { handler(cancelled) }
  }

  /// Runs `handler` on cancellation; at once if already cancelled, never if already finished.
  package func onCancel(_ handler: @escaping @Sendable () -> Void) {
    registry.lock.lock()
    switch state {
    case .running:
      if cancelHandler == nil { cancelHandler = handler } else { moreCancelHandlers.append(handler) }
      registry.lock.unlock()
    case .cancelled:
      registry.lock.unlock()
      handler()
    case .finished:
      registry.lock.unlock()
    }
  }

  /// Runs `handler` when this lifetime ends, however it ends; at once if it already has.
  package func onEnd(_ handler: @escaping @Sendable (_ wasCancelled: Bool) -> Void) {
    registry.lock.lock()
    switch state {
    case .running:
      if endHandler == nil { endHandler = handler } else { moreEndHandlers.append(handler) }
      registry.lock.unlock()
    case .finished:
      registry.lock.unlock()
      handler(false)
    case .cancelled:
      registry.lock.unlock()
      handler(true)
    }
  }

  /// A lifetime that is cancelled with this one but can end on its own.
  package func makeChild() -> EffectLifetime {
    let child = EffectLifetime(registry: registry)
    onCancel { child.cancel() }
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

  package init(_ lifetime: EffectLifetime, next: Provenance?) {
    self.lifetime = lifetime
    self.next = next
  }
}

extension Optional where Wrapped == Provenance {
  /// Whether no lifetime the output passed through has been cancelled since. (Finishing is fine: an
  /// effect's last output usually leaves just as it finishes.)
  package var isLive: Bool {
    var node = self
    while let current = node {
      if current.lifetime.isRevoked { return false }
      node = current.next
    }
    return true
  }
}
