/// A feature's logic as a type, the way the Composable Architecture's tutorial writes it: either a
/// `body` built from other reducers, or a `reduce(into:action:)` method.
///
/// ```swift
/// struct CounterFeature: ReducerProtocol {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .incrementButtonTapped:
///         state.count += 1
///         return .none
///       }
///     }
///   }
/// }
/// let store = Store(initialState: CounterFeature.State()) {
///   CounterFeature()
/// }
/// ```
///
/// A feature implements one of three things: `body`, `reduce(into:action:)` returning
/// `[Effect<Action>]`, or `reduce(into:action:)` returning one `Effect<Action>`, the seeds' form;
/// `return .none`, `.send(x)` and `.run { … }` read the same in all three. The protocol and the
/// episode's function type ``Reducer`` convert into each other: ``reducer`` is the function, and
/// ``Reduce`` makes a function a feature, so that `pullback`, `combine`, `forEach`, `ifLet` and
/// ``Scope`` compose both.
///
/// A store asks a feature for its `body` once, when it is made, and keeps the function it makes
/// (see ``reducer``): `ifLet` and `forEach` inside a `body` keep their effects' scopes across
/// actions because of this. Calling `reduce(into:action:)` on a `body` feature yourself evaluates
/// `body` at every call.
///
/// It refines `Sendable` because its function is a ``Reducer``, which a global `let` may hold: a
/// feature struct holding `@Dependency` properties is `Sendable` without saying so.
public protocol ReducerProtocol<State, Action>: Sendable {
  /// The feature's state.
  associatedtype State
  /// The feature's actions.
  associatedtype Action
  /// The reducer `body` builds; `Never` for a feature that implements `reduce(into:action:)`.
  associatedtype Body = Never

  /// Reduces `action` into `state` and returns the effects to run.
  ///
  /// ```swift
  /// func reduce(into state: inout State, action: Action) -> [Effect<Action>] {
  ///   state.count += 1
  ///   return .none
  /// }
  /// ```
  func reduce(into state: inout State, action: Action) -> [Effect<Action>]

  /// Reduces `action` into `state` and returns the one effect to run: the seeds' spelling.
  ///
  /// ```swift
  /// func reduce(into state: inout State, action: Action) -> Effect<Action> {
  ///   state.count += 1
  ///   return .none
  /// }
  /// ```
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this feature is made of, run in order.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Scope(state: \.counter, action: CasePath(Action.counter)) {
  ///     CounterFeature()
  ///   }
  ///   Reduce { state, action in .none }
  /// }
  /// ```
  @ReducerBuilder<State, Action> var body: Body { get }

  /// The feature as the episode's function, made once per call: what ``reducer`` returns. An
  /// implementation detail with a default for every feature; do not implement it.
  func _reducer() -> Reducer<State, Action>
}

/// A feature reducer on the state and actions of `R`: `some ReducerOf<Self>` is a `body`'s type.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in .none }
/// }
/// ```
public typealias ReducerOf<R: ReducerProtocol> = ReducerProtocol<R.State, R.Action>

extension ReducerProtocol {
  /// The feature as the episode's function type, to compose with `pullback`, `combine`, `forEach`,
  /// `ifLet` or a `Store(initialValue:reducer:)`.
  ///
  /// ```swift
  /// let appReducer: Reducer<AppState, AppAction> = combine(
  ///   pullback(
  ///     CounterFeature().reducer, value: \.counter,
  ///     action: CasePath(AppAction.counter)),
  ///   appOwnReducer)
  /// ```
  ///
  /// Each read evaluates `body` once and makes a new function: read it once and keep it.
  @inlinable
  public var reducer: Reducer<State, Action> { _reducer() }

  // The defaults bridge the three spellings: each form a feature does not implement calls one it
  // does. A feature that implements none of them and has no `body` recurses forever.

  /// The effects of the one-effect form, as an array: `[]` for `.none`.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> [Effect<Action>] {
    [Effect<Action>](only: reduce(into: &state, action: action) as Effect<Action>)
  }

  /// The effects of the array form, as one effect.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let effects = reduce(into: &state, action: action) as [Effect<Action>]
    return effects.count == 1 ? effects[0] : Effect(merging: effects)
  }

  /// The feature's `reduce(into:action:)`, called on this value.
  public func _reducer() -> Reducer<State, Action> {
    { [self] state, action in reduce(into: &state, action: action) as [Effect<Action>] }
  }
}

extension ReducerProtocol where Body: ReducerProtocol, Body.State == State, Body.Action == Action {
  /// Runs `body`.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> [Effect<Action>] {
    body.reduce(into: &state, action: action) as [Effect<Action>]
  }

  /// The function of `body`, evaluated once.
  public func _reducer() -> Reducer<State, Action> {
    body._reducer()
  }
}

extension ReducerProtocol where Body == Never {
  /// A feature that implements `reduce(into:action:)` has no body; reading it is a programming error.
  public var body: Never {
    fatalError("\(Self.self) implements reduce(into:action:) and has no body.")
  }
}
