/// Scoping to one case of an enum state: how a navigation destination (`enum State { case add(…),
/// alert(…) }`) runs each case's feature without macros.
extension Scope {
  /// Runs `child` on the payload of `state`'s case while the parent's state is in that case, for
  /// the actions `action` extracts.
  ///
  /// ```swift
  /// struct Destination: ReducerProtocol {
  ///   enum State: Equatable { case add(AddFeature.State) }
  ///   enum Action: Equatable { case add(AddFeature.Action) }
  ///   var body: some ReducerOf<Self> {
  ///     Scope(state: State.add, action: Action.add) { AddFeature() }
  ///   }
  /// }
  /// ```
  ///
  /// The case's payload is taken out, reduced and put back with the same case. A child action
  /// that arrives while the state is in another case changes nothing and is reported (a test
  /// failure under a test store). The child's effects are the parent's, as with a key path: a
  /// presentation `ifLet` around the destination is what cancels them when the case changes.
  public init<ChildState, ChildAction>(
    state: CasePath<ParentState, ChildState>,
    action: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(pulledBack: pullback(child().reducer, case: state, action: action))
  }

  /// The same, with the cases' embedding functions (case paths made by reflection): the shortest
  /// spelling.
  ///
  /// ```swift
  /// Scope(state: State.add, action: Action.add) { AddFeature() }
  /// ```
  public init<ChildState, ChildAction>(
    state: @escaping @Sendable (ChildState) -> ParentState,
    action: @escaping @Sendable (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: CasePath(state), action: CasePath(action), child: child)
  }
}

/// `child` on one case of an enum parent state: reduced in that case's payload, its effects mapped
/// into the parent's actions and its removal checks lifted through the case.
func pullback<ParentState, ParentAction, ChildState, ChildAction>(
  _ child: @escaping Reducer<ChildState, ChildAction>,
  case statePath: CasePath<ParentState, ChildState>,
  action actionPath: CasePath<ParentAction, ChildAction>
) -> Reducer<ParentState, ParentAction> {
  return { parent, parentAction in
    guard let childAction = actionPath.extract(parentAction) else { return [] }
    guard var childState = statePath.extract(parent) else {
      MissingChild.enumCase(ChildState.self, found: parent).report(parentAction)
      return []
    }
    let effects = child(&childState, childAction)
    parent = statePath.embed(childState)
    return effects.map { effect in
      if let check = effect.removalCheck {
        return Effect(operation: .checkRemovals(check.lifted(throughCase: statePath)))
      }
      return effect.map(actionPath.embed)
    }
  }
}
