/// What lets an array of effects answer `.none`: ``Effect`` is the one conforming type.
///
/// An implementation detail of the tutorial's spellings (see `Array`'s `none`): a static
/// property cannot be generic, so `.none` on `[Effect<Action>]` is constrained on this protocol
/// rather than on `Element == Effect<Action>`, as the other spellings are. Conform nothing else.
public protocol _EffectProtocol<Output> {
  /// The type of the effect's outputs: a feature's action.
  associatedtype Output
}

extension Effect: _EffectProtocol {}

// The Composable Architecture tutorial's effect spellings, in a reducer's return position. A reducer
// still returns the episode's `[Effect<Action>]`; these let it read as the tutorial writes it, each
// being the array that spelling means: `.none` is `[]`, `.send(x)` is `[.send(x)]`.

extension Array where Element: _EffectProtocol {
  /// No effects: `return .none` is `return []`.
  ///
  /// ```swift
  /// case .incrementButtonTapped:
  ///   state.count += 1
  ///   return .none
  /// ```
  ///
  /// It is the empty array, and costs what `[]` costs. Inside an array literal, `.none` is
  /// ``Effect/none`` instead: `[.none]` is one effect that does nothing.
  @inlinable
  public static var none: Self { [] }
}

extension Array {
  /// One action, delivered at once: `return .send(x)` is `return [.send(x)]`.
  ///
  /// ```swift
  /// case .saveButtonTapped:
  ///   return .send(.saveResponse(.success(())))
  /// ```
  ///
  /// See ``Effect/send(_:)``: the store reduces `action` right after the action that returned it.
  @inlinable
  public static func send<Action>(_ action: Action) -> Self where Element == Effect<Action> {
    [.send(action)]
  }

  /// Async work in a task, sending any number of actions back: `return .run { send in … }`.
  ///
  /// ```swift
  /// case .factButtonTapped:
  ///   state.isLoading = true
  ///   return .run { [count = state.count] send in
  ///     await send(.factResponse(try await environment.fact(count)))
  ///   }
  /// ```
  ///
  /// Exactly the effect ``Effect/run(priority:operation:catch:fileID:line:)`` makes, in a
  /// one-element array; an error with no `catch` handler is reported naming this line.
  ///
  /// - Parameters:
  ///   - priority: The task's priority; by default the current one, at most `.medium`.
  ///   - operation: The work; `send` delivers actions on the main actor.
  ///   - handler: Turns an error `operation` threw into actions.
  ///   - fileID: Where the effect was written, for the report of an unhandled error.
  ///   - line: Where the effect was written, for the report of an unhandled error.
  public static func run<Action>(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self where Element == Effect<Action> {
    [.run(priority: priority, operation: operation, catch: handler, fileID: fileID, line: line)]
  }

  /// Cancels the effects running under `id`: `return .cancel(id: x)` is
  /// `return [.cancel(id: x)]`.
  ///
  /// ```swift
  /// guard state.isTimerRunning else { return .cancel(id: CancelID.timer) }
  /// ```
  ///
  /// See ``Effect/cancel(id:)``: the store cancels on the spot, before anything else it returns runs.
  @inlinable
  public static func cancel<Action>(id: some Hashable & Sendable) -> Self where Element == Effect<Action> {
    [.cancel(id: id)]
  }

  /// The effects, run side by side: `return .merge(a, b)` is `return [a, b]`.
  ///
  /// ```swift
  /// return .merge(
  ///   .cancel(id: CancelID.fact),
  ///   .send(.timerTick))
  /// ```
  ///
  /// The arguments are effects (`.send`, `.run` and `.none` there are ``Effect``'s), started in
  /// order, as the elements of an array are. Operators chained on the result apply to all of them
  /// together: `.merge(a, b).cancellable(id: x)` is one effect.
  public static func merge<Action>(_ effects: Effect<Action>...) -> Self where Element == Effect<Action> {
    effects
  }

  /// The effects, one after the other: each starts when the one before it has finished.
  ///
  /// ```swift
  /// return .concatenate(
  ///   .run { send in await send(.saved(try await save())) },
  ///   .send(.closeButtonTapped))
  /// ```
  ///
  /// One ``Effect/concatenate(_:)-(Effect...)`` effect in a one-element array (empty when every part
  /// is `.none`).
  public static func concatenate<Action: Sendable>(
    _ effects: Effect<Action>...
  ) -> Self where Element == Effect<Action> {
    Self(only: .concatenate(effects))
  }
}

extension Array {
  /// `[effect]`, or `[]` for ``Effect/none``: what an operator on an array returns.
  @inlinable
  init<Action>(only effect: Effect<Action>) where Element == Effect<Action> {
    if case .none = effect.operation { self = [] } else { self = [effect] }
  }

  /// The elements as one effect: the element itself when there is one, else their merge.
  @inlinable
  func merged<Action: Sendable>() -> Effect<Action> where Element == Effect<Action> {
    count == 1 ? self[0] : .merge(self)
  }
}
