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
  /// keeps the view it read alive until it is told, so a view made and read in a SwiftUI `body`
  /// needs nobody to store it.
  ///
  /// Observation trackers of the view (a SwiftUI view holding it, `withObservationTracking`) hear only
  /// about the view's own value: for an `Equatable` local value, only when it really changed; otherwise
  /// after each send that may have changed the parent (make the local value `Equatable` to spare them).
  @inlinable
  public func view<LocalValue, LocalAction>(
    value toLocalValue: @escaping (Value) -> LocalValue,
    action toGlobalAction: @escaping (LocalAction) -> Action
  ) -> Store<LocalValue, LocalAction> {
    let link = ParentLink<LocalValue, LocalAction>(
      parentStore: self,
      currentValue: { [self] in toLocalValue(currentValue) },
      track: { [self] child in addTrackedView(child) },
      send: { [self] in send(toGlobalAction($0)) },
      deduplicates: false,
      observe: { [self] child in
        addObserver { parentValue in
          let local = toLocalValue(parentValue)
          child.state = local
          child.observers.notify(local)
        }
      })
    // `currentValue`, not `value`: making a view is not a read that Observation should track (a SwiftUI
    // body that hands a child its store would re-render on every change of the parent).
    return Store<LocalValue, LocalAction>(
      parent: link, initialValue: toLocalValue(currentValue), registry: registry)
  }

  // The two overloads differ only in the comparison inside the closure each view installs in its
  // parent. Sharing the rest through a closure parameter would put one more indirect call on the path
  // a parent takes for every observed view on every change, which is what fanout.views1000 measures.

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
    let link = ParentLink<LocalValue, LocalAction>(
      parentStore: self,
      currentValue: { [self] in toLocalValue(currentValue) },
      track: { [self] child in addTrackedView(child) },
      send: { [self] in send(toGlobalAction($0)) },
      deduplicates: true,
      observe: { [self] child in
        addObserver { parentValue in
          // One comparison per view, against the value it last showed, before any observer runs.
          let local = toLocalValue(parentValue)
          if local == child.state { return }
          child.state = local
          child.observers.notify(local)
        }
      })
    // `currentValue`, not `value`: making a view is not a read that Observation should track (a SwiftUI
    // body that hands a child its store would re-render on every change of the parent).
    return Store<LocalValue, LocalAction>(
      parent: link, initialValue: toLocalValue(currentValue), registry: registry)
  }
}

/// How a store made by `view` reaches its parent.
///
/// While the view has observers it holds a subscription to the parent, whose closure holds the view:
/// that cycle is what keeps an observed view alive, and removing the last observer breaks it.
@MainActor
@usableFromInline
final class ParentLink<Value, Action> {
  /// The store this view reads and sends through, whose dependencies the view shares. Weak, as a
  /// scoped store holds its parent: the parent keeps its scoped stores.
  @usableFromInline weak var parentStore: (any DependencyHolder)?
  @usableFromInline let currentValue: () -> Value
  /// Tells the parent that Observation tracks the view, so that the parent's sends reach it.
  @usableFromInline let track: (any ObservedView) -> Void
  @usableFromInline let send: (Action) -> StoreTask
  @usableFromInline let deduplicates: Bool
  /// Subscribes the view to its parent.
  @usableFromInline let observe: (Store<Value, Action>) -> StoreSubscription
  @usableFromInline @exclusivity(unchecked) var subscription: StoreSubscription?

  @usableFromInline
  init(
    parentStore: any DependencyHolder,
    currentValue: @escaping () -> Value,
    track: @escaping (any ObservedView) -> Void,
    send: @escaping (Action) -> StoreTask,
    deduplicates: Bool,
    observe: @escaping (Store<Value, Action>) -> StoreSubscription
  ) {
    self.parentStore = parentStore
    self.currentValue = currentValue
    self.track = track
    self.send = send
    self.deduplicates = deduplicates
    self.observe = observe
  }
}
