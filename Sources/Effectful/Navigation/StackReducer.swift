// Ordering, for a parent with a navigation stack:
// - `.element(id:action:)`: that element reduces it first, then the parent sees it.
// - `.popFrom(id:)`: the parent sees it first (the elements are still there to read), then the
//   element and every element above it are popped.
// - `.push(id:state:)`: the parent sees it first, then the element is pushed, if `id` is the next
//   id of the store (anything else is reported and changes nothing).
// - Any other action: the parent alone.
// However an element leaves the stack (a pop, `removeAll`, a new stack assigned, by this reducer
// or any other), the store cancels every effect it started once that action has been reduced
// (the one mechanism of `ifLet` and `forEach`, see `ScopedChildren`).

/// Runs `element` on each element of the stack `parent` keeps in `value`, with the stack's ordering
/// and dismissal: the function form of `forEach(_:action:destination:)` on a ``ReducerProtocol``.
///
/// ```swift
/// let appReducer = forEach(
///   appOwnReducer, value: \.path,
///   action: CasePath(AppAction.path), destination: pathReducer)
/// ```
///
/// `parent` comes first because it runs in the middle: after the element on `.element`, before
/// the stack changes on `.popFrom` and `.push`. An action for an id not in the stack changes
/// nothing and is reported (a test failure under a test store).
// Inlinable, as the IdentifiedArray `forEach` is: unspecialized, each action looked up the generic
// metadata of its closures and tuples at run time (navigation.stack100.elementAction, 14 µs).
@inlinable
public func forEach<ParentState, ParentAction, ElementState, ElementAction>(
  _ parent: @escaping Reducer<ParentState, ParentAction>,
  value: WritableKeyPath<ParentState, StackState<ElementState>>,
  action: CasePath<ParentAction, StackAction<ElementState, ElementAction>>,
  destination element: @escaping Reducer<ElementState, ElementAction>
) -> Reducer<ParentState, ParentAction> {
  let valuePath = LocalValuePath(value)
  let elements = ScopedChildren(stackAt: valuePath)
  // Made once, not at each action (see `ChildActions`).
  let actions = ChildActions<StackElementID, ElementAction, ParentAction>(
    embed: { [embed = action.embed] in embed(.element(id: $0, action: $1)) },
    dismissal: { [embed = action.embed] in embed(.popFrom(id: $0)) })
  return { state, parentAction in
    let value = valuePath.keyPath
    switch action.extract(parentAction) {
    case nil:
      return parent(&state, parentAction)
    case .element(let id, let elementAction):
      var isMissing = false
      let effects = elements.reduce(
        &state, parentAction, route: { _ in (id, elementAction) }, actions: actions
      ) { state, routed in
        let childEffects = valuePath.modify(&state) { stack in
          stack.modify(id: routed.0) { present in PresentedChild.reducing { element(&present, routed.1) } }
        }
        guard let childEffects else {
          isMissing = true
          return .missing(.stackElement(id: routed.0, stack: StackState<ElementState>.self))
        }
        return childEffects.isEmpty ? .noEffects : .effects(childEffects, of: routed.0)
      }
      // Missing, the action was reported and changes nothing.
      if isMissing { return effects }
      let parentEffects = parent(&state, parentAction)
      if effects.isEmpty { return parentEffects }
      return effects + parentEffects
    case .popFrom(let id):
      guard state[keyPath: value].offset(of: id) != nil else {
        MissingChild.stackElement(id: id, stack: StackState<ElementState>.self).report(parentAction)
        return []
      }
      let effects = parent(&state, parentAction)
      state[keyPath: value].pop(from: id)
      return effects
    case .push(let id, let pushed):
      guard state[keyPath: value].isNextID(id, reportingFor: parentAction) else { return [] }
      let effects = parent(&state, parentAction)
      state[keyPath: value].push(pushed)
      return effects
    }
  }
}

extension ReducerProtocol {
  /// Runs `destination` on each element of the navigation stack this feature keeps in `state`,
  /// for the actions of `action`'s case.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case .path(.element(id: let id, action: .detail(.deleted))):
  ///       state.path.pop(from: id)
  ///       return .none
  ///     case .path:
  ///       return .none
  ///     }
  ///   }
  ///   .forEach(\.path, action: CasePath(Action.path)) {
  ///     Path()
  ///   }
  /// }
  /// ```
  ///
  /// On `.element`, the element runs first, then this feature; on `.popFrom` and `.push`, this
  /// feature runs first, then the stack changes. However an element leaves the stack, every
  /// effect it started is cancelled once that action has been reduced; `await dismiss()` in its
  /// effects sends `.popFrom(id:)` with its id. An action for an id not in the stack, and a push
  /// whose id is not the store's next, change nothing and are reported.
  public func forEach<ElementState, ElementAction, Element: ReducerProtocol>(
    _ state: WritableKeyPath<State, StackState<ElementState>>,
    action: CasePath<Action, StackAction<ElementState, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Element
  ) -> Reduce<State, Action> where ElementState == Element.State, ElementAction == Element.Action {
    Reduce(Effectful.forEach(reducer, value: state, action: action, destination: destination().reducer))
  }

  /// The same, with the case's embedding function for `action`.
  ///
  /// ```swift
  /// .forEach(\.path, action: Action.path) { Path() }
  /// ```
  public func forEach<ElementState, ElementAction, Element: ReducerProtocol>(
    _ state: WritableKeyPath<State, StackState<ElementState>>,
    action: @escaping @Sendable (StackAction<ElementState, ElementAction>) -> Action,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Element
  ) -> Reduce<State, Action> where ElementState == Element.State, ElementAction == Element.Action {
    forEach(state, action: CasePath(action), destination: destination)
  }
}

extension ScopedChildren where Member == StackElementID {
  /// The elements of the ``StackState`` at `path`, each by its id.
  @inlinable
  convenience init<Element>(stackAt path: LocalValuePath<ParentValue, StackState<Element>>) {
    self.init(
      holds: { parent, id in path.read(at: parent).offset(of: id) != nil },
      current: { parent, id in path.read(parent)[id: id].map { ($0, id) } })
  }
}
