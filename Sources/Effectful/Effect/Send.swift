/// Sends outputs from a ``Effect/run(priority:operation:catch:fileID:line:)`` effect back to the
/// store, on the main actor.
///
/// ```swift
/// return [.run { [count = state.count] send in
///   await send(.factResponse(try await environment.fact(count)))
/// }]
/// ```
///
/// Call it as a function: `await send(.timerTick)` from any async code hops to the main actor, where
/// the store reduces the output before `send` returns. An output sent after the operation returned
/// (by a `Send` that escaped it, called later from another task) or after the effect was cancelled is
/// dropped, never reduced: the `Send` closes in the effect's task the moment the operation returns,
/// not when the effect's end reaches the main actor.
@MainActor
public struct Send<Output>: Sendable {
  private let deliver: @Sendable (Output) -> Void

  /// Wraps `deliver`, which is called on the main actor with each output sent.
  ///
  /// ```swift
  /// let send = Send<Int> { print("got \($0)") }
  /// ```
  ///
  /// Effects get their `Send` from `.run`; make one yourself only to call an operation in a test.
  public nonisolated init(_ deliver: @escaping @Sendable (Output) -> Void) {
    self.deliver = deliver
  }

  /// Delivers `output` to the store (or whatever this `Send` was made with).
  ///
  /// ```swift
  /// await send(.timerTick)
  /// ```
  public func callAsFunction(_ output: Output) {
    deliver(output)
  }
}
