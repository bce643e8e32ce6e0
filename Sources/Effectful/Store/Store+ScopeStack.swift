extension Store {
  /// A store for the element of a navigation stack with `id`, or `nil` once it left the stack:
  /// what a pushed screen is given.
  ///
  /// ```swift
  /// for id in store.value.path.ids {
  ///   if let screen = store.scope(
  ///     state: \.path, element: id, action: App.Action.path
  ///   ) {
  ///     PathView(store: screen)
  ///   }
  /// }
  /// ```
  ///
  /// Its actions reach this store as `.element(id:action:)`, which the stack's `forEach` routes to
  /// that element; to pop it, send the parent's `.popFrom(id:)`.
  ///
  /// The element keeps its store while it is in the stack (this store holds it), so a view made
  /// in a `body` keeps its identity and its trackers; the store notifies its trackers only when
  /// its own element changes. Ids are never reused within a store, so a popped element's store
  /// never shows a newer element. Each call also lets go of the stores of elements that left; one
  /// kept past that shows its element's last value, and what it sends reaches the parent as an
  /// action for an id that is gone.
  public func scope<ElementValue: Equatable, ElementAction>(
    state path: KeyPath<Value, StackState<ElementValue>>,
    element id: StackElementID,
    action embed: @escaping (StackAction<ElementValue, ElementAction>) -> Action
  ) -> Store<ElementValue, ElementAction>? {
    let stack = currentValue[keyPath: path]
    dropScopedStores(at: path, leaving: stack)
    guard let element = stack[id: id] else { return nil }
    return elementStore(path: path, id: id, element: element, action: embed)
  }

  /// One store per element of a navigation stack, bottom first: what a view that draws the
  /// whole stack is given.
  ///
  /// ```swift
  /// let screens = store.scope(
  ///   forEach: \.path, action: App.Action.path)
  /// if let top = screens.last {
  ///   PathView(store: top)
  /// }
  /// ```
  ///
  /// The same stores as ``scope(state:element:action:)``: cached per element while it is in the
  /// stack, each notifying its trackers only when its own element changes. Reading the stack
  /// (`store.value.path.ids`), which this call does not, is what tells a view that screens were
  /// pushed or popped.
  public func scope<ElementValue: Equatable, ElementAction>(
    forEach path: KeyPath<Value, StackState<ElementValue>>,
    action embed: @escaping (StackAction<ElementValue, ElementAction>) -> Action
  ) -> [Store<ElementValue, ElementAction>] {
    let stack = currentValue[keyPath: path]
    dropScopedStores(at: path, leaving: stack)
    return zip(stack.ids, stack).map { id, element in
      elementStore(path: path, id: id, element: element, action: embed)
    }
  }

  /// The cached store of the element `id`, made on first use.
  private func elementStore<ElementValue: Equatable, ElementAction>(
    path: KeyPath<Value, StackState<ElementValue>>,
    id: StackElementID,
    element: ElementValue,
    action embed: @escaping (StackAction<ElementValue, ElementAction>) -> Action
  ) -> Store<ElementValue, ElementAction> {
    let key = ScopedStoreKey(path: path, id: id)
    if let cached = scopedStores[key] as? Store<ElementValue, ElementAction> { return cached }
    let child = makeScopedStore(
      initialValue: element, action: { embed(.element(id: id, action: $0)) }
    ) { $0[keyPath: path][id: id] }
    scopedStores[key] = child
    return child
  }

  /// Lets go of the stores of elements no longer in `stack`: a lookup by id for each store kept
  /// for the stack, so a few screens cost a few lookups.
  private func dropScopedStores<ElementValue>(
    at path: KeyPath<Value, StackState<ElementValue>>, leaving stack: StackState<ElementValue>
  ) {
    guard !scopedStores.isEmpty else { return }
    let stale = scopedStores.keys.filter { key in
      guard key.path == path, let id = key.id?.base as? StackElementID else { return false }
      return stack[id: id] == nil
    }
    for key in stale { scopedStores[key] = nil }
  }
}
