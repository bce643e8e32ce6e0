extension Store {
  /// A store for a part of this one, from the key path of its state and the case its actions are
  /// embedded in: the seeds' `store.scope(state: \.tab1, action: \.tab1)`.
  ///
  /// ```swift
  /// let tab1 = appStore.scope(
  ///   state: \.tab1, action: AppFeature.Action.tab1)
  /// // reaches appStore as .tab1(.incrementButtonTapped)
  /// tab1.send(.incrementButtonTapped)
  /// ```
  ///
  /// It is ``view(value:action:)-4cgnc`` with a key path. The seeds' second key path, to a case,
  /// needs macros: pass the case itself.
  public func scope<ChildValue, ChildAction>(
    state: KeyPath<Value, ChildValue>,
    action: @escaping (ChildAction) -> Action
  ) -> Store<ChildValue, ChildAction> {
    view(value: { $0[keyPath: state] }, action: action)
  }

  /// A store for a part of this one whose trackers hear only real changes of that part.
  ///
  /// ```swift
  /// let tab1 = appStore.scope(state: \.tab1, action: AppFeature.Action.tab1)
  /// ```
  ///
  /// It is ``view(value:action:)-37pou`` with a key path, for an `Equatable` part.
  public func scope<ChildValue: Equatable, ChildAction>(
    state: KeyPath<Value, ChildValue>,
    action: @escaping (ChildAction) -> Action
  ) -> Store<ChildValue, ChildAction> {
    view(value: { $0[keyPath: state] }, action: action)
  }
}
