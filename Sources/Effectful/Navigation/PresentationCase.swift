/// One case of an enum destination, with its own action case in the parent: what
/// `ifLet(_:cases:)` presents. Inside a feature, write it `Case`.
///
/// ```swift
/// enum Destination: Equatable {
///   case alert(AlertState<Action.Alert>), edit(EditFeature.State)
/// }
/// enum Action {
///   case alert(PresentationAction<Alert>)
///   case edit(PresentationAction<EditFeature.Action>)
///   // …
/// }
/// // in `body`:
/// .ifLet(\.$destination) {
///   Case(Destination.alert, action: Action.alert)
///   Case(Destination.edit, action: Action.edit) { EditFeature() }
/// }
/// ```
///
/// Each case reads as if it were its own `@PresentationState`: its actions arrive as
/// `.edit(.presented(…))`, its dismissal as `.edit(.dismiss)`, and `await dismiss()` in its
/// effects sends that. The enum keeps the cases exclusive: presenting one replaces another, whose
/// effects are cancelled. A case without a feature (an alert, a dialog) needs no reducer: it is
/// cleared after any of its buttons.
///
/// A `.presented` action for a case the destination does not show changes nothing, runs no
/// reducer and is reported (a test failure under a test store); a `.dismiss` for such a case runs
/// the parent and leaves the destination shown.
public struct PresentationCase<ParentState, Destination, ParentAction> {
  /// The parent reducer, wrapped to present this case at the given destination.
  let present:
    (
      _ parent: @escaping Reducer<ParentState, ParentAction>,
      _ destination: WritableKeyPath<ParentState, PresentationState<Destination>>
    ) -> Reducer<ParentState, ParentAction>

  /// Presents the case `state` of the destination, running `destination` on its payload for the
  /// actions of `action`.
  ///
  /// ```swift
  /// PresentationCase(
  ///   CasePath(Destination.edit), action: CasePath(AppAction.edit)
  /// ) { EditFeature() }
  /// ```
  public init<CaseState, CaseAction, Child: ReducerProtocol>(
    _ state: CasePath<Destination, CaseState>,
    action: CasePath<ParentAction, PresentationAction<CaseAction>>,
    @ReducerBuilder<CaseState, CaseAction> destination: () -> Child
  ) where Child.State == CaseState, Child.Action == CaseAction {
    let child = destination().reducer
    present = { parent, value in
      presentation(
        parent, value: value, action: action,
        isShown: { state.extract($0) != nil },
        reduceChild: { shown, childAction in
          guard var payload = state.extract(shown) else { return nil }
          let effects = child(&payload, childAction)
          shown = state.embed(payload)
          // A feature nested in the case checks its removals through the case.
          return effects.map { effect in
            guard let check = effect.removalCheck else { return effect }
            return Effect(operation: .checkRemovals(check.lifted(throughCase: state)))
          }
        },
        missingCase: { .presentedCase(CaseState.self, destination: Destination.self, found: $0) })
    }
  }

  /// The same, with the cases themselves (their case paths made by reflection): the spelling
  /// inside `ifLet(_:cases:)`.
  ///
  /// ```swift
  /// Case(Destination.edit, action: Action.edit) { EditFeature() }
  /// ```
  public init<CaseState, CaseAction, Child: ReducerProtocol>(
    _ state: @escaping @Sendable (CaseState) -> Destination,
    action: @escaping @Sendable (PresentationAction<CaseAction>) -> ParentAction,
    @ReducerBuilder<CaseState, CaseAction> destination: () -> Child
  ) where Child.State == CaseState, Child.Action == CaseAction {
    self.init(CasePath(state), action: CasePath(action), destination: destination)
  }

  /// Presents an alert or a dialog held in the case `state`, cleared after any of its buttons:
  /// its actions reach the parent as `.presented(buttonAction)` through `action`.
  ///
  /// ```swift
  /// PresentationCase(
  ///   CasePath(Destination.alert), action: CasePath(AppAction.alert))
  /// ```
  public init<CaseState, CaseAction>(
    _ state: CasePath<Destination, CaseState>,
    action: CasePath<ParentAction, PresentationAction<CaseAction>>
  ) {
    self.init(state, action: action) { Reduce<CaseState, CaseAction> { _, _ in [] } }
  }

  /// The same, with the cases themselves.
  ///
  /// ```swift
  /// Case(Destination.alert, action: Action.alert)
  /// ```
  public init<CaseState, CaseAction>(
    _ state: @escaping @Sendable (CaseState) -> Destination,
    action: @escaping @Sendable (PresentationAction<CaseAction>) -> ParentAction
  ) {
    self.init(CasePath(state), action: CasePath(action))
  }
}

/// Lists the cases of an enum destination in `ifLet(_:cases:)`, one ``PresentationCase`` a line.
///
/// ```swift
/// .ifLet(\.$destination) {
///   Case(Destination.alert, action: Action.alert)
///   Case(Destination.edit, action: Action.edit) { EditFeature() }
/// }
/// ```
@resultBuilder
public enum PresentationCaseBuilder<ParentState, Destination, ParentAction> {
  /// One case.
  public static func buildExpression(
    _ presentationCase: PresentationCase<ParentState, Destination, ParentAction>
  ) -> [PresentationCase<ParentState, Destination, ParentAction>] {
    [presentationCase]
  }

  /// The cases, in order.
  public static func buildBlock(
    _ cases: [PresentationCase<ParentState, Destination, ParentAction>]...
  ) -> [PresentationCase<ParentState, Destination, ParentAction>] {
    cases.flatMap { $0 }
  }
}

/// Presents each of `cases` of the enum destination `parent` holds in `value`, with
/// presentation's ordering: the function form of `ifLet(_:cases:)` on a ``ReducerProtocol``.
///
/// ```swift
/// let appReducer = ifLet(appOwnReducer, value: \.$destination) {
///   PresentationCase(
///     CasePath(Destination.edit), action: CasePath(AppAction.edit)
///   ) { Reduce(editReducer) }
/// }
/// ```
///
/// Each case is presented as ``PresentationCase`` says; an action of none of them runs `parent`.
public func ifLet<ParentState, ParentAction, Destination>(
  _ parent: @escaping Reducer<ParentState, ParentAction>,
  value: WritableKeyPath<ParentState, PresentationState<Destination>>,
  @PresentationCaseBuilder<ParentState, Destination, ParentAction> cases: () -> [PresentationCase<
    ParentState, Destination, ParentAction
  >]
) -> Reducer<ParentState, ParentAction> {
  // Each case wraps the ones before it: an action reaches the one case whose action it is.
  cases().reduce(parent) { reducer, presentationCase in presentationCase.present(reducer, value) }
}

extension ReducerProtocol {
  /// Presents the cases of the enum destination this feature holds in `state`, each with an
  /// action case of its own in this feature's actions.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case .editButtonTapped:
  ///       state.destination = .edit(EditFeature.State())
  ///       return .none
  ///     case .alert(.presented(.confirmDeletion)):
  ///       return .send(.delegate(.delete))
  ///     case .alert, .edit, .delegate, …:
  ///       return .none
  ///     }
  ///   }
  ///   .ifLet(\.$destination) {
  ///     Case(Destination.alert, action: Action.alert)
  ///     Case(Destination.edit, action: Action.edit) { EditFeature() }
  ///   }
  /// }
  /// ```
  ///
  /// A case's `.presented` action runs its feature first, then this one; its `.dismiss` runs this
  /// feature first, then clears the destination if it still shows that case. An alert or dialog
  /// case is cleared after any of its buttons. However a case goes away (cleared, or replaced by
  /// another case or another `id`), every effect it started is cancelled once that action has
  /// been reduced. A `.presented` action for a case not shown changes nothing and is reported.
  public func ifLet<Destination>(
    _ state: WritableKeyPath<State, PresentationState<Destination>>,
    @PresentationCaseBuilder<State, Destination, Action> cases: () -> [PresentationCase<
      State, Destination, Action
    >]
  ) -> Reduce<State, Action> {
    Reduce(Effectful.ifLet(reducer, value: state, cases: cases))
  }

  /// One case of an enum destination of this feature, as `ifLet(_:cases:)` lists it.
  ///
  /// ```swift
  /// Case(Destination.edit, action: Action.edit) { EditFeature() }
  /// ```
  public typealias Case<Destination> = PresentationCase<State, Destination, Action>
}
