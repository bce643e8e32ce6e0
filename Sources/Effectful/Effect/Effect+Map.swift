extension Effect {
  /// Transforms each output of this effect.
  ///
  /// ```swift
  /// Effect.timer(
  ///   id: TimerID.timer,
  ///   every: .seconds(1),
  ///   on: scheduler).map { _ in .timerTick }
  /// ```
  ///
  /// For an effect that already holds its output (``send(_:)``), `transform` runs at once, so that
  /// `pullback` can lift such effects through any number of layers without allocating; otherwise it runs
  /// as each output arrives, on the thread that delivers it.
  ///
  /// A parent reducer written by hand can lift its child's effects with it, `forEach` and `ifLet`
  /// inside the child included: when an element leaves the child's state, its effects stop, as
  /// under `pullback` (see <doc:ListsAndOptionalFeatures>).
  @inlinable
  public func map<B>(_ transform: @escaping @Sendable (Output) -> B) -> Effect<B> {
    switch operation {
    case .none:
      return .none
    case .output(let output):
      return Effect<B>(operation: .output(transform(output)))
    case .cancel(let id):
      return Effect<B>(operation: .cancel(id))
    case .checkRemovals(let check):
      // Kept as it is: `map` cannot say where the child's value is, and the check finds it by type.
      return Effect<B>(operation: .checkRemovals(check))
    case .run(let body):
      return Effect<B>(
        operation: .run { downstream in
          body(
            EffectSubscriber(lifetime: downstream.lifetime) { output, provenance in
              downstream.receive(transform(output), provenance)
            })
        })
    }
  }
}
