extension Store {
  /// A store for optional child state, or `nil` while the state is `nil`: the store a detail view
  /// (a sheet, a navigation destination) is given.
  ///
  /// ```swift
  /// if let detail = store.scope(
  ///   value: \.detail, action: AppAction.detailCase
  /// ) {
  ///   DetailView(store: detail)
  /// }
  /// ```
  ///
  /// Asked again while the state stays non-nil, it returns the same store, which this store keeps:
  /// a store made and read inside a SwiftUI `body` would otherwise be freed when `body` returns and
  /// never tell SwiftUI about a change. It notifies its trackers only when the child's value changes.
  /// Once the state is `nil` the store is dropped; a store kept past that shows the last value, and
  /// what it sends reaches the parent (where `ifLet` reports it).
  public func scope<ChildValue: Equatable, ChildAction>(
    value path: KeyPath<Value, ChildValue?>,
    action: CasePath<Action, ChildAction>
  ) -> Store<ChildValue, ChildAction>? {
    let key = ScopedStoreKey(path: path, id: nil)
    guard let present = currentValue[keyPath: path] else {
      scopedStores[key] = nil
      return nil
    }
    if let cached = scopedStores[key] as? Store<ChildValue, ChildAction> { return cached }
    let child = makeScopedStore(initialValue: present, action: action.embed) { $0[keyPath: path] }
    scopedStores[key] = child
    return child
  }

  /// One store per element of a list, in order, for a SwiftUI `ForEach`: each notifies its
  /// trackers only when its own element changes.
  ///
  /// ```swift
  /// let rows = store.scope(forEach: \.rows, action: ListAction.rowCase)
  /// ForEach(rows) { rowStore in
  ///   RowView(store: rowStore)
  /// }
  /// ```
  ///
  /// A store is `Identifiable` by identity, and each element keeps its store while it is in the
  /// list (this store holds it), so SwiftUI sees the same identity for the same element. A removed
  /// element's store is dropped on the next call; one kept past that shows the element's last value.
  /// Finding an element's value is a dictionary lookup, so telling a row store about a change costs
  /// the same whatever the number of rows. Reading the list itself (which this call does not) is
  /// what makes a view re-render when rows are added, removed or moved: read `store.value.rows.ids`
  /// in the list's `body`.
  public func scope<ID: Hashable, ElementValue: Equatable, ElementAction>(
    forEach path: KeyPath<Value, IdentifiedArray<ID, ElementValue>>,
    action: CasePath<Action, (ID, ElementAction)>
  ) -> [Store<ElementValue, ElementAction>] {
    let elements = currentValue[keyPath: path]
    var stores: [Store<ElementValue, ElementAction>] = []
    stores.reserveCapacity(elements.count)
    var live = Set<ScopedStoreKey>()
    for (id, element) in zip(elements.ids, elements) {
      let key = ScopedStoreKey(path: path, id: id)
      live.insert(key)
      if let cached = scopedStores[key] as? Store<ElementValue, ElementAction> {
        stores.append(cached)
        continue
      }
      let embed = action.embed
      let child = makeScopedStore(initialValue: element, action: { embed((id, $0)) }) {
        $0[keyPath: path][id: id]
      }
      scopedStores[key] = child
      stores.append(child)
    }
    // Drop the stores of elements that left.
    scopedStores = scopedStores.filter { key, _ in key.path != path || key.id == nil || live.contains(key) }
    return stores
  }

  /// A child store that reads `extract` of this store's value, and keeps the last value it found
  /// once that is gone. It holds this store weakly: this store holds it, in ``scopedStores``. The
  /// child stores of navigation (`Store+ScopePresentation.swift`, `Store+ScopeStack.swift`) are
  /// made here too.
  func makeScopedStore<LocalValue: Equatable, LocalAction>(
    initialValue: LocalValue,
    action toGlobalAction: @escaping (LocalAction) -> Action,
    extract: @escaping (Value) -> LocalValue?
  ) -> Store<LocalValue, LocalAction> {
    let last = LastValue(initialValue)
    let core = ScopedCore<LocalValue, LocalAction>(
      parentStore: self,
      registry: registry,
      initialValue: initialValue,
      readValue: { [weak self] in
        if let self, let value = extract(self.currentValue) { last.value = value }
        return last.value
      },
      sendToParent: { [weak self] in self?.send(toGlobalAction($0)) ?? StoreTask(.none) },
      trackInParent: { [weak self] child in self?.addTrackedView(child) },
      deduplicates: true,
      subscribeToParent: { [weak self] core in
        guard let self else { return StoreSubscription {} }
        return self.addObserver { parentValue in
          guard let local = extract(parentValue), local != core.lastNotified else { return }
          last.value = local
          core.lastNotified = local
          core.observers.notify(local)
        }
      })
    return Store<LocalValue, LocalAction>(core: .scoped(core))
  }
}

/// A store is identified by its identity: the stores `scope(forEach:action:)` returns are cached per
/// element, so the same element keeps the same identity, which is what SwiftUI's `ForEach` needs.
extension Store: Identifiable {}

/// Which child store: the path of its state, and for a list element its id.
struct ScopedStoreKey: Hashable {
  let path: AnyKeyPath
  let id: AnyHashable?
}

/// The last value a scoped store found, shown once its state is gone.
@MainActor
private final class LastValue<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}
