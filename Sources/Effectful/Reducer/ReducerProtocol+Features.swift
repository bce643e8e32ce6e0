extension ReducerProtocol {
  /// Runs `child` on the parent's optional state while it is there, before this reducer: the
  /// modifier form of
  /// ``ifLet(_:value:action:)-(_,WritableKeyPath<ParentValue,ChildValue?>,_)``, with its
  /// semantics.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   // sets `detail`, and back to nil on close
  ///   Reduce { state, action in … }
  ///     .ifLet(\.detail, action: CasePath(Action.detail)) {
  ///       DetailFeature()
  ///     }
  /// }
  /// ```
  ///
  /// The child runs first, so that this reducer sees the child's action after the child reduced it.
  public func ifLet<ChildState, ChildAction, Child: ReducerProtocol>(
    _ state: WritableKeyPath<State, ChildState?>,
    action: CasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> Reduce<State, Action> where ChildState == Child.State, ChildAction == Child.Action {
    Reduce(combine(Effectful.ifLet(child().reducer, value: state, action: action), reducer))
  }

  /// Runs `element` on each element of the parent's ``IdentifiedArray``, before this reducer: the
  /// modifier form of ``forEach(_:value:action:)``, with its semantics.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }   // adds and removes rows
  ///     .forEach(\.rows, action: CasePath(Action.row)) { RowFeature() }
  /// }
  /// ```
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: ReducerProtocol>(
    _ state: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: CasePath<Action, (ID, ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> Reduce<State, Action> where ElementState == Element.State, ElementAction == Element.Action {
    Reduce(combine(Effectful.forEach(element().reducer, value: state, action: action), reducer))
  }
}
