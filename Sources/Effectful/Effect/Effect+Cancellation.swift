// `cancellable` keeps the effect it wraps inside its run, which `map` can carry to another thread.
extension Effect where Output: Sendable {
  /// Makes this effect cancellable with ``cancel(id:)``.
  ///
  /// ```swift
  /// // or any Hashable & Sendable value
  /// enum CancelID: Hashable, Sendable { case search }
  /// case .searchQueryChanged(let query):
  ///   return [
  ///     search(query).cancellable(id: CancelID.search, cancelInFlight: true)]
  /// case .cancelButtonTapped:
  ///   return [.cancel(id: CancelID.search)]
  /// ```
  ///
  /// - Parameters:
  ///   - id: Any hashable value; effects share an id to be cancelled together. Two ids are the same
  ///     when they have the same type and are equal (`1` and `UInt8(1)` are not).
  ///   - cancelInFlight: Cancel effects already running with this id before starting this one.
  ///
  /// Once the store has processed a cancellation, no output of a cancelled effect reaches it, even one
  /// that was already on its way from another thread. A cancellation reaches the effects running under
  /// `id` when it is processed, and only those: one that starts later (after a `delay`, in a later part
  /// of a `concatenate`) runs normally. Inside a `delay`, that means the wait is what you cancel: see
  /// ``delay(for:scheduler:)``.
  @inlinable
  public consuming func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
    if case .none = operation, !cancelInFlight { return self }
    let id = EffectID(id)
    // Moved into the run, not copied: `consuming` spares a retain and a release of the wrapped effect.
    let upstream = self
    return Effect(
      operation: .run { downstream in
        let registry = downstream.lifetime.registry
        // Inside an element's effect, the id is that element's own.
        let scopedID = downstream.lifetime.ownID(id)
        if cancelInFlight { registry.cancel(id: scopedID) }
        if registry.registerStoreRun(downstream.lifetime, id: scopedID) {
          // The store's own run is the cancellable part: no inner lifetime, and no provenance to add,
          // since nothing between here and the store can hold an output back (see `isStoreRun`).
          upstream.start(in: downstream.lifetime, receive: downstream.receive)
          return
        }
        // Cancelled or not, this effect is over when its inner part is.
        let inner = downstream.lifetime.makeChildFinishingParent()
        registry.register(inner, id: scopedID)
        upstream.start(in: inner) { output, provenance in
          guard inner.isRunning else { return }
          downstream.receive(output, Provenance(inner, next: provenance))
        }
      })
  }
}

extension Effect {
  /// An effect that cancels every running effect made ``cancellable(id:cancelInFlight:)`` with `id`.
  ///
  /// ```swift
  /// case .toggleTimerButtonTapped where state.isTimerRunning:
  ///   state.isTimerRunning = false
  ///   return [.cancel(id: TimerID.timer)]
  /// ```
  ///
  /// Cancelling an id with nothing running is not an error: the effect may have finished already.
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Effect {
    Effect(operation: .cancel(EffectID(id)))
  }

  /// An effect that cancels every running effect made cancellable with any of `ids`.
  ///
  /// ```swift
  /// case .onDisappear:
  ///   return [.cancel(ids: [TimerID.timer, FactID.request])]
  /// ```
  public static func cancel(ids: [any Hashable & Sendable]) -> Effect {
    let ids = ids.map { EffectID($0) }
    return Effect(
      operation: .run { subscriber in
        let lifetime = subscriber.lifetime
        for id in ids { lifetime.registry.cancel(id: lifetime.ownID(id)) }
        subscriber.finish()
      })
  }
}
