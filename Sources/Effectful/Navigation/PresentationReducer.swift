import Foundation

// Ordering, for a parent with a presented child (a sheet, a detail, an alert):
// - `.presented(action)`: the child reduces it first, then the parent sees it (so the parent reacts
//   to what the child did); an alert or dialog is then cleared, whichever button it was.
// - `.dismiss`: the parent sees it first (while the child is still there to read), then the child
//   is cleared.
// - Any other action: the parent alone.
// Whenever the child goes away or another takes its place (another case, another `id`), by this
// reducer or any other, the store cancels every effect the child started, once the action that
// did it has been reduced (the one mechanism of `ifLet` and `forEach`, see `ScopedChildren`).

/// Runs `destination` on the child `parent` presents in `value`, with presentation's ordering and
/// dismissal: the function form of `ifLet(_:action:destination:)` on a ``ReducerProtocol``.
///
/// ```swift
/// let appReducer = ifLet(
///   appOwnReducer, value: \.$destination,
///   action: CasePath(AppAction.destination),
///   destination: destinationReducer)
/// ```
///
/// `parent` comes first because it runs in the middle: after the child on `.presented`, before the
/// child is cleared on `.dismiss`. A `.presented` action while nothing is shown changes nothing and
/// is reported (a test failure under a test store); a `.dismiss` then only runs `parent`.
// Inlinable, as the optional `ifLet` is: specialized where it is used, an action pays no generic
// metadata lookups.
@inlinable
public func ifLet<ParentState, ParentAction, DestinationState, DestinationAction>(
  _ parent: @escaping Reducer<ParentState, ParentAction>,
  value: WritableKeyPath<ParentState, PresentationState<DestinationState>>,
  action: CasePath<ParentAction, PresentationAction<DestinationAction>>,
  destination: @escaping Reducer<DestinationState, DestinationAction>
) -> Reducer<ParentState, ParentAction> {
  presentation(
    parent, value: value, action: action, isShown: nil,
    // The whole destination is the child: it is always there to reduce.
    reduceChild: { destination(&$0, $1) }, missingCase: { _ in .optionalChild(DestinationState.self) })
}

/// The presentation reducer behind both `ifLet`s: the whole destination's (`isShown` is `nil`)
/// and one case's (see ``PresentationCase``).
///
/// - Parameters:
///   - isShown: Whether the destination shows this reducer's child: a `.dismiss` clears only a
///     destination it shows; `nil` for any.
///   - reduceChild: Reduces a child action into the destination, or returns `nil` when the
///     destination does not show this reducer's child (another case): reported as `missingCase`
///     says, and nothing changes.
@inlinable
func presentation<ParentState, ParentAction, DestinationState, ChildAction>(
  _ parent: @escaping Reducer<ParentState, ParentAction>,
  value: WritableKeyPath<ParentState, PresentationState<DestinationState>>,
  action: CasePath<ParentAction, PresentationAction<ChildAction>>,
  isShown: (@Sendable (DestinationState) -> Bool)?,
  reduceChild: @escaping @Sendable (inout DestinationState, ChildAction) -> [Effect<ChildAction>]?,
  missingCase: @escaping @Sendable (DestinationState) -> MissingChild
) -> Reducer<ParentState, ParentAction> {
  // The wrapper's storage, once found: `\.$destination` is a computed property, so every access
  // through it runs the key path machinery (see `PresentationStoragePath`). The reducer reaches the
  // child once per action, and the removal check once.
  let valuePath = PresentationStoragePath(value)
  let presented = ScopedChildren<ParentState, ChildIdentity>(optional: {
    valuePath.read(at: $0).wrappedValue
  })
  let kind = ChildKind(DestinationState.self)
  // Only an alert, a dialog or an enum (a case may hold one) is cleared by a button: any other
  // child skips the reflection that asks, about 1,000 instructions an action
  // (navigation.presentDismiss, BENCHMARKS.md).
  let mayBeDismissedByAnyButton = kind.layout != nil || DestinationState.self is DismissedByAnyButton.Type
  // An action value, sent on the store's actor like any other.
  let dismissal = UncheckedSendable(action.embed(.dismiss))
  // Made once, not at each action (see `ChildActions`).
  let actions = ChildActions<ChildIdentity, ChildAction, ParentAction>(
    embed: { [embed = action.embed] in embed(.presented($1)) }, dismissal: { _ in dismissal.value })
  return { state, parentAction in
    switch action.extract(parentAction) {
    case nil:
      return parent(&state, parentAction)
    case .dismiss:
      let effects = parent(&state, parentAction)
      valuePath.modify(&state) { presentation in
        // One case's dismissal leaves another case alone: a stale sheet's `.dismiss` arriving
        // after another destination took its place does not dismiss that one.
        if let isShown, let shown = presentation.wrappedValue, !isShown(shown) { return }
        presentation.wrappedValue = nil
      }
      return effects
    case .presented(let childAction):
      valuePath.learn(from: state)
      // Whether the child reduced the action and, for one a button clears, who it was: learnt
      // while the child is in hand for its action, not by reaching it again.
      var reached = false
      var clearedByButton: ChildIdentity?
      var effects = presented.reduce(
        &state, parentAction, route: { _ in childAction }, actions: actions
      ) { state, childAction in
        valuePath.modify(&state) { child -> ChildReduction<ChildIdentity, ChildAction> in
          // Moved out and back, not copied: the child's storage stays uniquely referenced.
          guard var present = child.wrappedValue.take() else {
            return .missing(.optionalChild(DestinationState.self))
          }
          defer { child.wrappedValue = present }
          let clearsOnButton = mayBeDismissedByAnyButton && isDismissedByAnyButton(present)
          let before = clearsOnButton ? ChildIdentity(present, kind: kind) : nil
          guard let childEffects = PresentedChild.reducing({ reduceChild(&present, childAction) }) else {
            return .missing(missingCase(present))
          }
          reached = true
          clearedByButton = before
          if childEffects.isEmpty { return .noEffects }
          return .effects(childEffects, of: ChildIdentity(present, kind: kind))
        }
      }
      // Nothing presented, or another case: the action was reported and changes nothing.
      guard reached else { return effects }
      effects += parent(&state, parentAction)
      // An alert's button dismisses it, unless the parent already showed another in its place.
      if let before = clearedByButton,
        valuePath.read(state).wrappedValue.map({ ChildIdentity($0, kind: kind) }) == before
      {
        valuePath.modify(&state) { $0.wrappedValue = nil }
      }
      return effects
    }
  }
}

/// Clears the alert or dialog `parent` presents in `value` after any of its buttons, with
/// presentation's ordering: the function form of `ifLet(_:action:)` on a ``ReducerProtocol``.
///
/// ```swift
/// let appReducer = ifLet(
///   appOwnReducer, value: \.$alert, action: CasePath(AppAction.alert))
/// ```
public func ifLet<ParentState, ParentAction, DestinationState, DestinationAction>(
  _ parent: @escaping Reducer<ParentState, ParentAction>,
  value: WritableKeyPath<ParentState, PresentationState<DestinationState>>,
  action: CasePath<ParentAction, PresentationAction<DestinationAction>>
) -> Reducer<ParentState, ParentAction> {
  ifLet(parent, value: value, action: action, destination: { _, _ in [] })
}

extension ReducerProtocol {
  /// Runs `destination` on the child this feature presents in `state` (a `@PresentationState`),
  /// for the actions of `action`'s case.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case .addButtonTapped:
  ///       state.destination = .add(AddFeature.State())
  ///       return .none
  ///     case .destination:
  ///       return .none
  ///     }
  ///   }
  ///   .ifLet(\.$destination, action: CasePath(Action.destination)) {
  ///     Destination()
  ///   }
  /// }
  /// ```
  ///
  /// On `.presented`, the child runs first, then this feature; on `.dismiss`, this feature runs
  /// first, then the child is cleared. An alert or dialog child is cleared after any of its
  /// buttons. However the child goes away (cleared, replaced by another case or `id`, by this
  /// feature or any other reducer), every effect it started is cancelled once that action has been
  /// reduced; `await dismiss()` in its effects sends `.dismiss` for it. A `.presented` action while
  /// nothing is shown changes nothing and is reported: a test failure under a test store.
  public func ifLet<DestinationState, DestinationAction, Destination: ReducerProtocol>(
    _ state: WritableKeyPath<State, PresentationState<DestinationState>>,
    action: CasePath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination
  ) -> Reduce<State, Action>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    Reduce(Effectful.ifLet(reducer, value: state, action: action, destination: destination().reducer))
  }

  /// The same, with the case's embedding function for `action` (its case path made by reflection).
  ///
  /// ```swift
  /// .ifLet(\.$destination, action: Action.destination) { Destination() }
  /// ```
  public func ifLet<DestinationState, DestinationAction, Destination: ReducerProtocol>(
    _ state: WritableKeyPath<State, PresentationState<DestinationState>>,
    action: @escaping @Sendable (PresentationAction<DestinationAction>) -> Action,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination
  ) -> Reduce<State, Action>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    ifLet(state, action: CasePath(action), destination: destination)
  }

  /// Presents an alert or a dialog held in `state`, clearing it after any of its buttons: its
  /// actions reach this feature as `.presented(buttonAction)`.
  ///
  /// ```swift
  /// Reduce { state, action in
  ///   switch action {
  ///   case .alert(.presented(.confirmDeletion)):
  ///     state.items.removeAll()
  ///     return .none
  ///   …
  ///   }
  /// }
  /// .ifLet(\.$alert, action: Action.alert)
  /// ```
  public func ifLet<AlertState, AlertAction>(
    _ state: WritableKeyPath<State, PresentationState<AlertState>>,
    action: CasePath<Action, PresentationAction<AlertAction>>
  ) -> Reduce<State, Action> {
    Reduce(Effectful.ifLet(reducer, value: state, action: action))
  }

  /// The same, with the case's embedding function for `action`.
  ///
  /// ```swift
  /// .ifLet(\.$alert, action: Action.alert)
  /// ```
  public func ifLet<AlertState, AlertAction>(
    _ state: WritableKeyPath<State, PresentationState<AlertState>>,
    action: @escaping @Sendable (PresentationAction<AlertAction>) -> Action
  ) -> Reduce<State, Action> {
    ifLet(state, action: CasePath(action))
  }
}

/// Whether `state` is an alert or a dialog, or an enum destination holding one in its case.
@usableFromInline
func isDismissedByAnyButton(_ state: Any) -> Bool {
  if state is DismissedByAnyButton { return true }
  let mirror = Mirror(reflecting: state)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else { return false }
  return payload is DismissedByAnyButton
}
