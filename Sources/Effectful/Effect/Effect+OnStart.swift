extension Effect {
  /// This effect, calling `started` with the lifetime of each of its runs once the run's body has
  /// started: how a test store learns which step started which effect, from the effect itself.
  ///
  /// An effect with no run (``none``, ``send(_:)``, a cancellation) never calls it.
  package func onStart(_ started: @escaping @Sendable (EffectLifetime) -> Void) -> Effect {
    guard case .run(let body) = operation else { return self }
    return Effect(
      operation: .run { subscriber in
        body(subscriber)
        started(subscriber.lifetime)
      })
  }
}
