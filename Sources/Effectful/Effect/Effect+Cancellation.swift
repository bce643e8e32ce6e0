extension Effect {
  /// Makes this effect cancellable with ``cancel(id:)``.
  ///
  /// ```swift
  /// enum SearchID {}  // or any Hashable & Sendable value
  /// case .searchQueryChanged(let query):
  ///   return [search(query).cancellable(id: "search", cancelInFlight: true)]
  /// case .cancelButtonTapped:
  ///   return [.cancel(id: "search")]
  /// ```
  ///
  /// - Parameters:
  ///   - id: Any hashable value; effects share an id to be cancelled together.
  ///   - cancelInFlight: Cancel effects already running with this id before starting this one.
  ///
  /// Once the store has processed a cancellation, no output of a cancelled effect reaches it, even one
  /// that was already on its way from another thread.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
    if case .none = operation, !cancelInFlight { return self }
    let id = EffectID(id)
    return Effect(operation: .run { downstream in
      let registry = downstream.lifetime.registry
      if cancelInFlight { registry.cancel(id: id) }
      let inner = downstream.lifetime.makeChild()
      registry.register(inner, id: id)
      // Cancelled or not, this effect is over when its inner part is.
      inner.onEnd { _ in downstream.finish() }
      self.start(in: inner) { output, provenance in
        guard inner.isRunning else { return }
        downstream.receive(output, Provenance(inner, next: provenance))
      }
    })
  }

  /// An effect that cancels every running effect made ``cancellable(id:cancelInFlight:)`` with `id`.
  ///
  /// ```swift
  /// case .toggleTimerButtonTapped where state.isTimerRunning:
  ///   state.isTimerRunning = false
  ///   return [.cancel(id: TimerID.timer)]
  /// ```
  ///
  /// Cancelling an id with nothing running is not an error: the effect may have finished already.
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
    .merge(ids.map { Effect(operation: .cancel(EffectID($0))) })
  }
}
