import Effectful

/// `fanout.nested100x10.oneGrandchildChanges`: a root with a hundred child views, each with ten
/// grandchild views, every grandchild view observed (a thousand observers, as in
/// `fanout.views1000.oneChildChanges`); each operation sends `.increment` through the next grandchild's
/// view, which changes that grandchild only.
@MainActor
enum NestedFanout {
  /// The root's reducer: reaches one grandchild.
  static let reducer: Reducer<NestedFanoutState, NestedFanoutAction> = { state, action in
    switch action {
    case .child(let child, .grandchild(let grandchild, .increment)):
      state.children[child].grandchildren[grandchild].count &+= 1
    }
    return []
  }

  /// The grandchild sent to by the operation after the one that went to (`child`, `grandchild`).
  static func next(after child: Int, _ grandchild: Int) -> (child: Int, grandchild: Int) {
    if grandchild < NestedFanoutState.grandchildCount - 1 { return (child, grandchild + 1) }
    return (child < NestedFanoutState.childCount - 1 ? child + 1 : 0, 0)
  }

  /// The Effectful store, its views made with `view` and observed with `subscribe`.
  static let effectful: WorkloadFactory = {
    let store = Store(initialValue: NestedFanoutState(), reducer: reducer)
    let grandchildViews = (0..<NestedFanoutState.childCount).map { child in
      let childView = store.view(
        value: { $0.children[child] }, action: { NestedFanoutAction.child(child, $0) })
      return (0..<NestedFanoutState.grandchildCount).map { grandchild in
        childView.view(
          value: { $0.grandchildren[grandchild] }, action: { NestedChildAction.grandchild(grandchild, $0) })
      }
    }
    var subscriptions: [StoreSubscription] = []
    for views in grandchildViews {
      for view in views { view.subscribe { blackHole($0.count) }.store(in: &subscriptions) }
    }
    return { iterations in
      var next = (child: 0, grandchild: 0)
      for _ in 0..<iterations {
        grandchildViews[next.child][next.grandchild].send(.increment)
        next = Self.next(after: next.child, next.grandchild)
      }
      blackHole(store.value.children[0].grandchildren[0].count)
      withExtendedLifetime(subscriptions) {}
    }
  }

  /// The reducer, then what deduplication needs at least, level by level: each child compared with the
  /// last one seen and, in a changed child, each grandchild; the observer of the changed grandchild
  /// called.
  static let bare: WorkloadFactory = {
    let reducer = opaque(Self.reducer)
    let observer: (ChildState) -> Void = opaque { blackHole($0.count) }
    return { iterations in
      var state = NestedFanoutState()
      var lastSeen = state.children
      var next = (child: 0, grandchild: 0)
      for _ in 0..<iterations {
        _ = reducer(&state, .child(next.child, .grandchild(next.grandchild, .increment)))
        next = Self.next(after: next.child, next.grandchild)
        for child in 0..<NestedFanoutState.childCount where state.children[child] != lastSeen[child] {
          let grandchildren = state.children[child].grandchildren
          for grandchild in grandchildren.indices
          where grandchildren[grandchild] != lastSeen[child].grandchildren[grandchild] {
            observer(grandchildren[grandchild])
          }
          lastSeen[child] = state.children[child]
        }
      }
      blackHole(state.children[0].grandchildren[0].count)
    }
  }
}
