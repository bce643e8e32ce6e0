/// Builds a feature's `body` from reducers listed one after another, run in that order on each
/// action; `if`/`else` chooses among them by a condition known when `body` is evaluated.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.counter, action: CasePath(Action.counter)) {
///     CounterFeature()
///   }
///   if isLogging {
///     Reduce(loggingChanges(appOwnReducer))
///   } else {
///     Reduce(appOwnReducer)
///   }
/// }
/// ```
///
/// An episode-style ``Reducer`` function can stand in the list as it is.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// A feature reducer, as it is.
  @inlinable
  public static func buildExpression<R: ReducerProtocol>(_ reducer: R) -> R
  where R.State == State, R.Action == Action {
    reducer
  }

  /// An episode-style function, as a ``Reduce``.
  @inlinable
  public static func buildExpression(_ reducer: @escaping Reducer<State, Action>) -> Reduce<State, Action> {
    Reduce(reducer)
  }

  /// An empty body: changes nothing, returns no effects.
  @inlinable
  public static func buildBlock() -> Reduce<State, Action> {
    Reduce { _, _ in [] }
  }

  /// The first reducer of a body.
  @inlinable
  public static func buildPartialBlock<R: ReducerProtocol>(first: R) -> R
  where R.State == State, R.Action == Action {
    first
  }

  /// The reducers so far, then `next`.
  @inlinable
  public static func buildPartialBlock<R0: ReducerProtocol, R1: ReducerProtocol>(
    accumulated: R0, next: R1
  ) -> _SequenceReducer<R0, R1>
  where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    _SequenceReducer(first: accumulated, second: next)
  }

  /// The `if` branch of an `if`/`else`.
  @inlinable
  public static func buildEither<First: ReducerProtocol, Second: ReducerProtocol>(
    first: First
  ) -> _ConditionalReducer<First, Second> where First.State == State, First.Action == Action {
    .first(first)
  }

  /// The `else` branch of an `if`/`else`.
  @inlinable
  public static func buildEither<First: ReducerProtocol, Second: ReducerProtocol>(
    second: Second
  ) -> _ConditionalReducer<First, Second> where Second.State == State, Second.Action == Action {
    .second(second)
  }

  /// An `if` without `else`: the reducer when the condition held, else nothing.
  @inlinable
  public static func buildOptional<R: ReducerProtocol>(
    _ reducer: R?
  ) -> _ConditionalReducer<R, Reduce<State, Action>>
  where R.State == State, R.Action == Action {
    reducer.map { .first($0) } ?? .second(Reduce { _, _ in [] })
  }
}

/// Two reducers, one after the other: what ``ReducerBuilder`` makes of a list.
public struct _SequenceReducer<R0: ReducerProtocol, R1: ReducerProtocol>: ReducerProtocol
where R0.State == R1.State, R0.Action == R1.Action {
  @usableFromInline let first: R0
  @usableFromInline let second: R1

  @inlinable
  init(first: R0, second: R1) {
    self.first = first
    self.second = second
  }

  /// Runs both, gathering their effects.
  @inlinable
  public func reduce(into state: inout R0.State, action: R0.Action) -> [Effect<R0.Action>] {
    let effects = first.reduce(into: &state, action: action) as [Effect<R0.Action>]
    let more = second.reduce(into: &state, action: action) as [Effect<R0.Action>]
    if effects.isEmpty { return more }
    return more.isEmpty ? effects : effects + more
  }

  /// `combine` of both functions.
  public func _reducer() -> Reducer<R0.State, R0.Action> {
    combine(first._reducer(), second._reducer())
  }
}

/// One of two reducers, chosen when `body` was evaluated: what ``ReducerBuilder`` makes of `if`/`else`.
public enum _ConditionalReducer<First: ReducerProtocol, Second: ReducerProtocol>: ReducerProtocol
where First.State == Second.State, First.Action == Second.Action {
  /// The `if` branch.
  case first(First)
  /// The `else` branch.
  case second(Second)

  /// Runs the chosen reducer.
  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> [Effect<First.Action>] {
    switch self {
    case .first(let first): return first.reduce(into: &state, action: action)
    case .second(let second): return second.reduce(into: &state, action: action)
    }
  }

  /// The chosen reducer's function.
  public func _reducer() -> Reducer<First.State, First.Action> {
    switch self {
    case .first(let first): return first._reducer()
    case .second(let second): return second._reducer()
    }
  }
}
