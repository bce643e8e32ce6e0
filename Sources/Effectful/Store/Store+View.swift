extension Store {
  /// A store for a part of this one: it reads its value through this store and sends its actions
  /// through it.
  ///
  /// ```swift
  /// let counterStore = appStore.view(
  ///   value: { $0.counterView },
  ///   action: { .counterView($0) }
  /// )
  /// // reaches appStore as .counterView(.incrementButtonTapped)
  /// counterStore.send(.incrementButtonTapped)
  /// ```
  ///
  /// A view costs its parent nothing until somebody subscribes to it or Observation tracks it; then it
  /// recomputes its value once per parent change. The view keeps its parent alive, and a tracker
  /// keeps what tells it about the view's changes until it is told, so a view made and read in a
  /// SwiftUI `body` needs nobody to store it; a tracker keeps no store, so a parent that its
  /// program lets go is freed, and its views' waiting trackers are told once.
  ///
  /// Observation trackers of the view (a SwiftUI view holding it, `withObservationTracking`) hear only
  /// about the view's own value: for an `Equatable` local value, only when it really changed; otherwise
  /// after each send that may have changed the parent (make the local value `Equatable` to spare them).
  @inlinable
  public func view<LocalValue, LocalAction>(
    value toLocalValue: @escaping (Value) -> LocalValue,
    action toGlobalAction: @escaping (LocalAction) -> Action
  ) -> Store<LocalValue, LocalAction> {
    makeView(value: toLocalValue, action: toGlobalAction, deduplicates: false) { core in
      { parentValue in
        let local = toLocalValue(parentValue)
        core.lastNotified = local
        core.observers.notify(local)
      }
    }
  }

  /// A store for a part of this one whose observers hear only real changes of that part.
  ///
  /// ```swift
  /// let countStore = appStore.view(
  ///   value: { $0.count }, action: { $0 })
  /// let subscription = countStore.subscribe {
  ///   print("count changed to \($0)")
  /// }
  /// // count unchanged: prints nothing
  /// appStore.send(.favoritesLoaded([2, 3]))
  /// ```
  @inlinable
  public func view<LocalValue: Equatable, LocalAction>(
    value toLocalValue: @escaping (Value) -> LocalValue,
    action toGlobalAction: @escaping (LocalAction) -> Action
  ) -> Store<LocalValue, LocalAction> {
    makeView(value: toLocalValue, action: toGlobalAction, deduplicates: true) { core in
      { parentValue in
        // One comparison per view, against the value it last showed, before any observer runs.
        let local = toLocalValue(parentValue)
        if local == core.lastNotified { return }
        core.lastNotified = local
        core.observers.notify(local)
      }
    }
  }

  /// The store both `view`s return. They differ only in the observer a view installs in its parent
  /// for its subscribers, which `observer` makes once per subscription: the parent calls that
  /// closure itself on every change, with no closure around it (fanout.views1000 measures that path).
  @inlinable
  func makeView<LocalValue, LocalAction>(
    value toLocalValue: @escaping (Value) -> LocalValue,
    action toGlobalAction: @escaping (LocalAction) -> Action,
    deduplicates: Bool,
    observer: @escaping (ScopedCore<LocalValue, LocalAction>) -> (Value) -> Void
  ) -> Store<LocalValue, LocalAction> {
    // `currentValue`, not `value`: making a view is not a read that Observation should track (a SwiftUI
    // body that hands a child its store would re-render on every change of the parent).
    //
    // The view's store holds this one (`parent`); its core does not, because a reader waiting on the
    // view keeps the core, and must not keep this store (see `Store+ReaderLifetime.swift`). The value
    // is read through this store's core, which the reader may keep; the other closures are only
    // called through the view's store, or while this store tells its views, so this store is there.
    let parentCore = core
    let core = ScopedCore<LocalValue, LocalAction>(
      parentStore: self,
      registry: registry,
      initialValue: toLocalValue(currentValue),
      readValue: { toLocalValue(parentCore.currentValue) },
      sendToParent: { [unowned self] in send(toGlobalAction($0)) },
      trackInParent: { [unowned self] child in addTrackedView(child) },
      deduplicates: deduplicates,
      subscribeToParent: { [unowned self] core in addObserver(observer(core)) })
    return Store<LocalValue, LocalAction>(core: .scoped(core), parent: self)
  }
}
