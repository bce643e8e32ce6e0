extension Effect {
  /// Transforms each output of this effect and drops those that become `nil`.
  ///
  /// ```swift
  /// // nil when nothing was saved yet
  /// let load = Effect<FavoritePrimesAction?> { callback in
  ///   callback(readFavorites().map(FavoritePrimesAction.loadedFavoritePrimes))
  /// }
  /// return [load.compactMap { $0 }]
  /// ```
  ///
  /// The episode's code builds `Effect<Action?>` and compacts it this way. A dropped output is simply not
  /// delivered: the effect goes on running, and it finishes and is cancelled exactly as it would without
  /// the transform. Writing this by hand with ``run`` inside ``create(_:)`` would lose that: the inner
  /// run would not hear the store's cancellations.
  public func compactMap<B>(_ transform: @escaping @Sendable (Output) -> B?) -> Effect<B> {
    // An output already in hand is transformed at once, as `map` does, so that a compacted `.send`
    // stays a plain value and a `nil` costs nothing at all.
    switch operation {
    case .none:
      return .none
    case .output(let output):
      guard let transformed = transform(output) else { return .none }
      return Effect<B>(operation: .output(transformed))
    case .cancel(let id):
      return Effect<B>(operation: .cancel(id))
    case .checkRemovals(let check):
      // As `map` keeps it: the check finds the child's value by type.
      return Effect<B>(operation: .checkRemovals(check))
    case .run(let body):
      return Effect<B>(
        operation: .run { downstream in
          body(
            EffectSubscriber(lifetime: downstream.lifetime) { output, provenance in
              if let transformed = transform(output) { downstream.receive(transformed, provenance) }
            })
        })
    }
  }
}
