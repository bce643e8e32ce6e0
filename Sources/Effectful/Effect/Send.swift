/// Sends outputs from a ``Effect/run(priority:operation:catch:fileID:line:)`` effect back to the
/// store, on the store's actor.
///
/// ```swift
/// return [.run { [count = state.count] send in
///   await send(.factResponse(try await environment.fact(count)))
/// }]
/// ```
///
/// Call it as a function: `await send(.timerTick)` from any async code hops to the store's actor
/// (the main actor for a store made there), where the store reduces the output before `send`
/// returns. An output sent after the effect was cancelled is dropped, never reduced.
///
/// A `Send` works only while its operation runs. It closes in the effect's own task the moment the
/// operation (and its `catch` handler) returns, before the store can learn that the effect ended,
/// and the store checks it on its actor just before it reduces each output. So a `send` from a
/// task that escaped the operation (`Task { await send(.done) }`, a callback) made after anything
/// that comes after that return (`await store.send(…).finish()` or a test store's `finish()`
/// having returned, a later part of a `concatenate` having started) is dropped and reported: on
/// standard error in an app, as a test failure under a test store. One made while the operation
/// may still be running races its return and is decided where it reaches the store: reduced if
/// it gets there first, before the store can see the effect end, else dropped and reported. To
/// make work's sends part of the run, await that work in the operation (`async let`, a task group).
public struct Send<Output>: Sendable {
  private let deliver: @Sendable (Output) -> Void
  /// The actor of a store that is not on the main actor; `nil`: the main actor.
  private let actor: (any Actor)?

  /// Wraps `deliver`, which is called on the main actor with each output sent.
  ///
  /// ```swift
  /// let send = Send<Int> { print("got \($0)") }
  /// ```
  ///
  /// Effects get their `Send` from `.run`; make one yourself only to call an operation in a test.
  public init(_ deliver: @escaping @Sendable (Output) -> Void) {
    self.deliver = deliver
    self.actor = nil
  }

  /// Wraps `deliver`, called on `actor` (on the main actor when `nil`): a `.run`'s `Send`.
  @usableFromInline
  init(on actor: (any Actor)?, _ deliver: @escaping @Sendable (Output) -> Void) {
    self.deliver = deliver
    self.actor = actor
  }

  /// Delivers `output` to the store (or whatever this `Send` was made with), on its actor.
  ///
  /// ```swift
  /// await send(.timerTick)
  /// ```
  public func callAsFunction(_ output: sending Output) async {
    // Two static hops rather than one through `any Actor`: the main actor's stays as it was
    // (run.roundTrip in BENCHMARKS.md).
    if let actor {
      await Self.deliver(output, through: deliver, on: actor)
    } else {
      await Self.deliverOnMainActor(output, through: deliver)
    }
  }

  @MainActor
  private static func deliverOnMainActor(
    _ output: sending Output, through deliver: @Sendable (Output) -> Void
  ) {
    deliver(output)
  }

  /// On `actor`: marked, so that the store's delivery knows it need not hop again.
  private static func deliver(
    _ output: Output, through deliver: @Sendable (Output) -> Void, on actor: isolated any Actor
  ) {
    ActorMarker.run(on: actor) { deliver(output) }
  }
}
