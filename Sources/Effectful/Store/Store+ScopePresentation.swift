extension Store {
  /// A store for a presented child, or `nil` while nothing is presented: what a sheet, a pushed
  /// detail or a popover is given.
  ///
  /// ```swift
  /// if let add = store.scope(
  ///   state: \.$add, action: SyncUpsList.Action.add
  /// ) {
  ///   AddView(store: add)  // sends .add(.presented(…))
  /// }
  /// ```
  ///
  /// Its actions reach this store as `.presented` actions, which `ifLet(\.$add, action:)` routes
  /// to the child; to dismiss, send the parent's `.dismiss` (`store.send(.add(.dismiss))`).
  ///
  /// Asked again while the same child is presented, it returns the same store, which this store
  /// keeps (so that a view made in a `body` keeps its identity and its trackers). Another child
  /// (another enum case, another `Identifiable` id) gets a new store, and so does a child
  /// presented again after this call found nothing presented. The store notifies its trackers only when the child's own
  /// value changes. A store kept after its child went shows the child's last value, and what it
  /// sends reaches the parent as `.presented`, where `ifLet` reports it when nothing is shown.
  public func scope<ChildValue: Equatable, ChildAction>(
    state path: KeyPath<Value, PresentationState<ChildValue>>,
    action embed: @escaping (PresentationAction<ChildAction>) -> Action
  ) -> Store<ChildValue, ChildAction>? {
    scopePresented(path, extract: { $0 }, action: embed)
  }

  /// A store for one case of a presented enum destination, or `nil` while the destination shows
  /// nothing or another case: what a view of a feature using `ifLet(_:cases:)` is given.
  ///
  /// ```swift
  /// if let edit = store.scope(
  ///   state: \.$destination, case: Detail.Destination.edit,
  ///   action: Detail.Action.edit
  /// ) {
  ///   EditView(store: edit)  // sends .edit(.presented(…))
  /// }
  /// ```
  ///
  /// Its actions reach this store as `.presented` actions of the case's own action case; to
  /// dismiss, send `.edit(.dismiss)`. The store is kept while the same child is shown (the same
  /// case, and the same `id` when its payload is `Identifiable`); asking for another case while
  /// this one is shown returns `nil` and keeps it.
  public func scope<Destination, ChildValue: Equatable, ChildAction>(
    state path: KeyPath<Value, PresentationState<Destination>>,
    case stateCase: @escaping @Sendable (ChildValue) -> Destination,
    action embed: @escaping (PresentationAction<ChildAction>) -> Action
  ) -> Store<ChildValue, ChildAction>? {
    scopePresented(path, extract: CasePath(stateCase).extract, action: embed)
  }

  /// The store of the part `extract` reads of the destination presented at `path`, kept while the
  /// same child is shown (see ``PresentedIdentity``). A destination that shows another part (another
  /// case) gives `nil` and keeps the store a view may hold for it.
  private func scopePresented<Destination, ChildValue: Equatable, ChildAction>(
    _ path: KeyPath<Value, PresentationState<Destination>>,
    extract: @escaping (Destination) -> ChildValue?,
    action embed: @escaping (PresentationAction<ChildAction>) -> Action
  ) -> Store<ChildValue, ChildAction>? {
    guard let present = currentValue[keyPath: path].wrappedValue else {
      dropScopedStores(at: path)
      return nil
    }
    guard let child = extract(present) else { return nil }
    let identity = PresentedIdentity(present)
    let key = ScopedStoreKey(path: path, id: identity)
    if let cached = scopedStores[key] as? Store<ChildValue, ChildAction> { return cached }
    // Another child took the place of the one a kept store shows: that store goes.
    dropScopedStores(at: path)
    let store = makeScopedStore(initialValue: child, action: { embed(.presented($0)) }) {
      guard let shown = $0[keyPath: path].wrappedValue, PresentedIdentity(shown) == identity
      else { return nil }
      return extract(shown)
    }
    scopedStores[key] = store
    return store
  }

  /// A store for one case of this store's value, or `nil` while the value is another case: how a
  /// view picks the screen an enum destination shows.
  ///
  /// ```swift
  /// let destination = store.scope(
  ///   state: \.$destination, action: Detail.Action.destination)
  /// if let edit = destination?.scope(
  ///   case: Detail.Destination.State.edit,
  ///   action: Detail.Destination.Action.edit
  /// ) {
  ///   EditView(store: edit)
  /// }
  /// ```
  ///
  /// `stateCase` is the case itself (its payload is read by reflection, as `CasePath(_:)` reads
  /// it) and `action` the action case that carries the child's actions. The store is kept while
  /// the value stays in that case, and notifies its trackers only when the payload changes; once
  /// the value leaves the case it is dropped, and a store kept past that shows the last payload.
  public func scope<ChildValue: Equatable, ChildAction>(
    case stateCase: @escaping @Sendable (ChildValue) -> Value,
    action embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildValue, ChildAction>? {
    scope(case: CasePath(stateCase), action: embed)
  }

  /// A store for one case of this store's value, from a hand-written case path.
  ///
  /// ```swift
  /// let edit = destination.scope(
  ///   case: Destination.State.editCase,
  ///   action: Destination.Action.edit)
  /// ```
  ///
  /// See ``scope(case:action:)-((ChildValue)->Value,_)``: the same store, for a case path made
  /// with `CasePath(_:extract:)`.
  public func scope<ChildValue: Equatable, ChildAction>(
    case stateCase: CasePath<Value, ChildValue>,
    action embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildValue, ChildAction>? {
    let path: AnyKeyPath = \Value.self
    guard let present = stateCase.extract(currentValue) else {
      dropScopedStores(at: path)
      return nil
    }
    // One value is in one case at a time: a store of this value's cases is keyed by its type.
    let key = ScopedStoreKey(path: path, id: ObjectIdentifier(ChildValue.self))
    if let cached = scopedStores[key] as? Store<ChildValue, ChildAction> { return cached }
    dropScopedStores(at: path)
    let child = makeScopedStore(initialValue: present, action: embed, extract: stateCase.extract)
    scopedStores[key] = child
    return child
  }

  /// Lets go of the child stores kept for the state at `path`.
  func dropScopedStores(at path: AnyKeyPath) {
    guard !scopedStores.isEmpty else { return }
    scopedStores = scopedStores.filter { key, _ in key.path != path }
  }
}

/// Which child is presented, as a view's store sees it: the case of an enum child, and the `id`
/// of an `Identifiable` child (or of an enum case's `Identifiable` payload). A new identity is a
/// new screen, with a store of its own.
struct PresentedIdentity: Hashable, @unchecked Sendable {
  // Only hashed and compared on the store's actor; an `id` is a value (an `Int`, a `UUID`).
  let tag: UInt32?
  let id: AnyHashable?

  init<Child>(_ child: Child) {
    tag = EnumLayout(Child.self)?.tag(of: child)
    if let identifiable = child as? any Identifiable {
      id = Self.id(of: identifiable)
    } else if tag != nil, let payload = Mirror(reflecting: child).children.first?.value,
      let identifiable = payload as? any Identifiable
    {
      id = Self.id(of: identifiable)
    } else {
      id = nil
    }
  }

  private static func id(of child: some Identifiable) -> AnyHashable { AnyHashable(child.id) }
}
