/// Runs a child feature on a part of the parent's state, for the parent's actions of one case: the
/// `body` form of ``pullback(_:value:action:)-(_,_,CasePath<GlobalAction,LocalAction>)``.
///
/// ```swift
/// struct AppFeature: ReducerProtocol {
///   struct State { var tab1 = CounterFeature.State() }
///   enum Action { case tab1(CounterFeature.Action) }
///
///   var body: some ReducerOf<Self> {
///     Scope(state: \.tab1, action: CasePath(Action.tab1)) {
///       CounterFeature()
///     }
///   }
/// }
/// ```
///
/// The seeds' `action: \.tab1` is a key path to a case, which needs macros: pass the case path, or
/// the case itself (`action: Action.tab1`). The child's effects are mapped back into the parent's
/// actions, as `pullback` maps them.
public struct Scope<ParentState, ParentAction, Child: ReducerProtocol>: ReducerProtocol {
  @usableFromInline let pulledBack: Reducer<ParentState, ParentAction>

  /// Runs `child` on `state`, for the actions `action` extracts.
  ///
  /// ```swift
  /// Scope(state: \.counter, action: CasePath(Action.counter)) {
  ///   CounterFeature()
  /// }
  /// ```
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    pulledBack = pullback(child().reducer, value: state, action: action)
  }

  /// Runs `child` on `state`, for the actions of the case `action` embeds into: the case path is
  /// made from the case by reflection (see ``CasePath/init(_:)``).
  ///
  /// ```swift
  /// Scope(state: \.counter, action: Action.counter) { CounterFeature() }
  /// ```
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: @escaping @Sendable (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: state, action: CasePath(action), child: child)
  }

  /// A scope that runs `pulledBack`.
  init(pulledBack: @escaping Reducer<ParentState, ParentAction>) {
    self.pulledBack = pulledBack
  }

  /// Runs the child on its part of `state`.
  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> [Effect<ParentAction>] {
    pulledBack(&state, action)
  }

  /// The pulled-back function.
  public func _reducer() -> Reducer<ParentState, ParentAction> { pulledBack }
}
