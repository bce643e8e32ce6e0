/// Deliveries to a store on an actor that arrived from elsewhere (a callback on a dispatch queue, a
/// scheduler's hop, an effect's end on another thread), reduced on the actor in the order they came.
///
/// One task drains the mailbox at a time, started when the first delivery finds it empty: that
/// keeps the order (the actor's own queue orders jobs by priority, not by arrival) and spends one
/// hop on a burst.
@usableFromInline
final class StoreMailbox: @unchecked Sendable {
  /// Weak: the actor usually owns the store, which owns this mailbox.
  private weak var actor: (any Actor)?
  /// Guarded by `lock`.
  private var pending: [@Sendable () -> Void] = []
  private var isDraining = false
  private let lock = Lock()

  init(actor: any Actor) {
    self.actor = actor
  }

  /// Queues `delivery`, to run on the actor after every delivery queued before it.
  @usableFromInline
  func post(_ delivery: @escaping @Sendable () -> Void) {
    let startsDrain = lock.withLock {
      pending.append(delivery)
      defer { isDraining = true }
      return !isDraining
    }
    guard startsDrain, let actor else { return }
    Task { [self, actor] in await drain(on: actor) }
  }

  private func drain(on actor: isolated any Actor) {
    while true {
      let batch = lock.withLock {
        let batch = pending
        pending = []
        if batch.isEmpty { isDraining = false }
        return batch
      }
      if batch.isEmpty { return }
      ActorMarker.run(on: actor) {
        for delivery in batch { delivery() }
      }
    }
  }
}
