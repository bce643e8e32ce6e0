/// A unit of work that hands its outputs to a callback: the episode's `Effect`, with a lifecycle.
///
/// Reducers return effects instead of doing work; the ``Store`` runs them and feeds what they
/// produce back in as actions.
///
/// ```swift
/// let answer = Effect<Int> { callback in callback(42) }
/// answer.map { $0 + 1 }.run { print($0) }  // 43
/// ```
///
/// ## Lifecycle
/// A run of an effect is *running* until it finishes or is cancelled; after either, nothing it
/// produces is delivered. Built-in effects finish on their own (``send(_:)`` after its one output,
/// ``merge(_:)-(Effect...)`` when all of its parts have). An effect made with ``init(run:)``
/// finishes once its `run` closure has returned **and** nothing holds on to its callback any more: the
/// moment Swift frees the callback, no output can come, so the effect is over. A network callback
/// that URLSession releases after calling it, a `DispatchQueue.async` block that has run, a closure that
/// called back synchronously: each ends its effect exactly when it should, with no extra code. To hear
/// about cancellation and release resources, build the effect with ``create(_:)`` instead.
public struct Effect<Output> {
  @usableFromInline
  enum Operation {
    /// No work at all: the store skips it without allocating.
    case none
    /// One output already in hand. The store appends it to its queue without starting a run, which
    /// keeps the common `return [.send(.next)]` as cheap as an array append.
    case output(Output)
    /// Cancel everything running under an id. The store does it on the spot, with no run to set up:
    /// starting and cancelling a cancellable effect is common enough to be worth the case.
    case cancel(EffectID)
    /// After the whole action is reduced, cancel the effects of `forEach` elements or `ifLet`
    /// children that are gone: the store runs it on its value (see ``RemovalCheck``).
    case checkRemovals(RemovalCheck)
    /// Work that delivers through a subscriber, on any thread, at any time, until it ends.
    case run(@Sendable (EffectSubscriber<Output>) -> Void)
  }

  @usableFromInline
  let operation: Operation

  @usableFromInline
  init(operation: Operation) {
    self.operation = operation
  }

  /// Creates an effect from a closure that hands outputs to a callback, exactly as in the episode.
  ///
  /// ```swift
  /// let fact = Effect<String> { callback in
  ///   DispatchQueue.global().async { callback("7 is prime") }
  /// }
  /// ```
  ///
  /// The effect finishes when `run` has returned and its callback has been released (see the
  /// lifecycle notes on ``Effect``). If it is cancelled, later calls to the callback are ignored; use
  /// ``create(_:)`` when the work itself should stop on cancellation.
  public init(run: @escaping @Sendable (_ callback: @escaping @Sendable (Output) -> Void) -> Void) {
    self.init(
      operation: .run { subscriber in
        let endsWhenReleased = FinishOnRelease(subscriber.lifetime)
        run { output in
          withExtendedLifetime(endsWhenReleased) { subscriber.send(output) }
        }
      })
  }

  /// Runs the effect outside a store, handing every output to `callback` on the thread that produces it.
  ///
  /// ```swift
  /// Effect.send(1).map { $0 * 2 }.run { print($0) }  // 2
  /// ```
  ///
  /// The run cannot be cancelled from outside; inside a store, use ``cancellable(id:cancelInFlight:)``.
  ///
  /// A property holding a function rather than a method, as the design allows: next to a method named
  /// `run`, Swift cannot infer `Output` for `Effect.run { send in … }` (the async `run`) from context
  /// once `Effect` is `Sendable` only for `Sendable` outputs. Calls read the same either way.
  public var run: (_ callback: @escaping @Sendable (Output) -> Void) -> Void {
    { [self] callback in
      // A run of its own, with a registry of its own: nothing outside it can cancel it.
      start(in: EffectLifetime(registry: CancellationRegistry())) { output, provenance in
        if provenance.isLive { callback(output) }
      }
    }
  }

  /// Runs this effect under `lifetime`, sending outputs to `receive`; ends `lifetime` when it is done.
  @inlinable
  package func start(
    in lifetime: EffectLifetime, receive: @escaping @Sendable (Output, Provenance?) -> Void
  ) {
    switch operation {
    case .none:
      lifetime.finish()
    case .output(let output):
      if lifetime.isRunning { receive(output, nil) }
      lifetime.finish()
    case .cancel(let id):
      // Under an element's scope (a merge inside a row's effect), the id is the element's own.
      lifetime.registry.cancel(id: lifetime.ownID(id))
      lifetime.finish()
    case .checkRemovals:
      // Only a store holds the value to check; one nested in another effect has nothing to read.
      lifetime.finish()
    case .run(let body):
      body(EffectSubscriber(lifetime: lifetime, receive: receive))
    }
  }

}

/// An effect can cross threads exactly when its outputs can: an `Effect<SomeClass>` holding a value
/// that is not `Sendable` (``send(_:)`` keeps it, `map` may compute it early) stays on the thread that
/// made it, and the compiler says so if it is sent elsewhere. Effects of `Sendable` outputs (every
/// action enum of `Sendable` cases) go anywhere, as before.
extension Effect: Sendable where Output: Sendable {}
extension Effect.Operation: Sendable where Output: Sendable {}

/// Finishes a lifetime when the last reference to it goes away: see ``Effect/init(run:)``.
final class FinishOnRelease: Sendable {
  let lifetime: EffectLifetime
  init(_ lifetime: EffectLifetime) { self.lifetime = lifetime }
  deinit { lifetime.finish() }
}
