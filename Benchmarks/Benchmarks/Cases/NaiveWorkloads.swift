import EffectfulNaiveStore

/// The naive store's side of every case: the same values and actions, with the episode's effects.
/// The naive store has no cancellation (`cancel.startCancel`), and its recursive `send` cannot finish a
/// chain of a million actions (`chain.sync1M`: see ``NaiveChainProbe``).
@MainActor
enum NaiveWorkloads {
  static func factory(for name: CaseName) -> WorkloadFactory? {
    switch name {
    case .sendNoEffect: repeating(.increment, reducer: NaiveReducers.counter)
    case .sendOneObserver: repeating(.increment, reducer: NaiveReducers.counter, observed: true)
    case .effectRoundTrip: repeating(.request, reducer: NaiveReducers.roundTrip)
    case .effectMap10: repeating(.request, reducer: NaiveReducers.map10)
    case .fanoutNoObservers: fanout(observed: false, childChanges: false)
    case .fanoutUnrelatedChange: fanout(observed: true, childChanges: false)
    case .fanoutOneChildChanges: fanout(observed: true, childChanges: true)
    case .fanoutNestedOneGrandchildChanges: nestedFanout
    case .pullbackNoEffect: pullback(sending: Deep.increment)
    case .pullbackWithEffect: pullback(sending: Deep.request)
    // The episode has one kind of effect and one pullback: the extra cases would repeat the above.
    case .effectRoundTripSync, .effectMap10Sync, .pullbackWithEffectKeyPaths: nil
    // The episode has neither a reducer protocol nor reflected case paths.
    case .sendProtocolFeature, .pullbackReflectedCasePaths: nil
    case .cancelStartCancel, .cancelSharedID10k, .cancelSharedID40k, .chainSync1M, .runRoundTrip,
      .runBurst10k, .forEachRows10kOneRowAction, .forEachRows100OneRowAction,
      .navigationStack100ElementAction, .navigationPresentDismiss, .rowStoreRows100, .rowStoreRows10k,
      .testStoreStory1000, .sendDependencyRead, .sendDependencyReadOverridden, .runDependencyRead:
      nil
    case .testSchedulerPending10k, .testSchedulerPending40k: nil
    // The episode's store was an ObservableObject, which needs Combine: no Observation to compare.
    case .observationOneTracker, .observationViewInBody, .viewReadUntracked: nil
    }
  }

  private static func repeating(
    _ action: CounterAction, reducer: @escaping Reducer<CounterState, CounterAction>, observed: Bool = false
  ) -> WorkloadFactory {
    {
      let store = Store(initialValue: CounterState(), reducer: reducer)
      let subscription = observed ? store.subscribe { blackHole($0.count) } : nil
      return { iterations in
        for _ in 0..<iterations { store.send(action) }
        blackHole(store.value.count)
        withExtendedLifetime(subscription) {}
      }
    }
  }

  private static func fanout(observed: Bool, childChanges: Bool) -> WorkloadFactory {
    {
      let store = Store(initialValue: FanoutState(), reducer: NaiveReducers.fanout)
      let views = (0..<FanoutState.childCount).map { index in
        store.view(value: { $0.children[index] }, action: { FanoutAction.child(index, $0) })
      }
      let subscriptions = observed ? views.map { view in view.subscribe { blackHole($0.count) } } : []
      return { iterations in
        var next = 0
        if childChanges {
          for _ in 0..<iterations {
            views[next].send(.increment)
            next = next == views.count - 1 ? 0 : next + 1
          }
        } else {
          for _ in 0..<iterations { store.send(.unrelated) }
        }
        blackHole(store.value.unrelated)
        withExtendedLifetime(subscriptions) {}
      }
    }
  }

  /// `fanout.nested100x10.oneGrandchildChanges`: views of views, every grandchild view observed.
  private static let nestedFanout: WorkloadFactory = {
    let store = Store(initialValue: NestedFanoutState(), reducer: NaiveReducers.nestedFanout)
    let grandchildViews = (0..<NestedFanoutState.childCount).map { child in
      let childView = store.view(
        value: { $0.children[child] }, action: { NestedFanoutAction.child(child, $0) })
      return (0..<NestedFanoutState.grandchildCount).map { grandchild in
        childView.view(
          value: { $0.grandchildren[grandchild] }, action: { NestedChildAction.grandchild(grandchild, $0) })
      }
    }
    let subscriptions = grandchildViews.joined().map { view in view.subscribe { blackHole($0.count) } }
    return { iterations in
      var next = (child: 0, grandchild: 0)
      for _ in 0..<iterations {
        grandchildViews[next.child][next.grandchild].send(.increment)
        next = NestedFanout.next(after: next.child, next.grandchild)
      }
      blackHole(store.value.children[0].grandchildren[0].count)
      withExtendedLifetime(subscriptions) {}
    }
  }

  private static func pullback(sending action: DeepAction) -> WorkloadFactory {
    {
      let store = Store(initialValue: Deep.makeState(), reducer: NaiveReducers.deep())
      return { iterations in
        for _ in 0..<iterations { store.send(action) }
        blackHole(Deep.leafCount(store.value))
      }
    }
  }

  /// Sends a synchronous chain of `depth` actions through the naive store: the stack grows with each.
  static func runChain(depth: Int) {
    let store = Store(initialValue: CounterState(), reducer: NaiveReducers.chain)
    store.send(.step(depth - 1))
    blackHole(store.value.count)
  }
}

/// The reducers of ``EffectfulReducers``, with the episode's `Effect { callback in … }`. Functions rather
/// than constants: the episode's reducer type is not `Sendable`.
enum NaiveReducers {
  static var counter: Reducer<CounterState, CounterAction> {
    { state, _ in
      state.count &+= 1
      return []
    }
  }

  static var roundTrip: Reducer<CounterState, CounterAction> {
    { state, action in
      switch action {
      case .request: return [Effect { callback in callback(.response(1)) }]
      case .response(let amount): state.count &+= amount
      default: break
      }
      return []
    }
  }

  static var map10: Reducer<CounterState, CounterAction> {
    { state, action in
      switch action {
      case .request:
        return [
          Effect<Int> { callback in callback(0) }
            .map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
            .map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
            .map(CounterAction.response)
        ]
      case .response(let amount): state.count &+= amount
      default: break
      }
      return []
    }
  }

  static var fanout: Reducer<FanoutState, FanoutAction> {
    { state, action in
      switch action {
      case .unrelated: state.unrelated &+= 1
      case .child(let index, .increment): state.children[index].count &+= 1
      }
      return []
    }
  }

  static var nestedFanout: Reducer<NestedFanoutState, NestedFanoutAction> {
    { state, action in
      switch action {
      case .child(let child, .grandchild(let grandchild, .increment)):
        state.children[child].grandchildren[grandchild].count &+= 1
      }
      return []
    }
  }

  static var leaf: Reducer<LeafState, LeafAction> {
    { state, action in
      switch action {
      case .increment, .response: state.count &+= 1
      case .request: return [Effect { callback in callback(.response) }]
      }
      return []
    }
  }

  static var chain: Reducer<CounterState, CounterAction> {
    { state, action in
      guard case .step(let remaining) = action else { return [] }
      state.count &+= 1
      return remaining > 0 ? [Effect { callback in callback(.step(remaining - 1)) }] : []
    }
  }

  /// The leaf pulled back through twenty levels with the episode's key-path `pullback`.
  static func deep() -> Reducer<DeepState, DeepAction> {
    let level0 = leaf
    let level1 = lift(level0)
    let level2 = lift(level1)
    let level3 = lift(level2)
    let level4 = lift(level3)
    let level5 = lift(level4)
    let level6 = lift(level5)
    let level7 = lift(level6)
    let level8 = lift(level7)
    let level9 = lift(level8)
    let level10 = lift(level9)
    let level11 = lift(level10)
    let level12 = lift(level11)
    let level13 = lift(level12)
    let level14 = lift(level13)
    let level15 = lift(level14)
    let level16 = lift(level15)
    let level17 = lift(level16)
    let level18 = lift(level17)
    let level19 = lift(level18)
    let level20 = lift(level19)
    return level20
  }

  private static func lift<Inner, InnerAction>(
    _ reducer: @escaping Reducer<Inner, InnerAction>
  ) -> Reducer<Level<Inner>, LevelAction<InnerAction>> {
    pullback(reducer, value: \Level<Inner>.inner, action: \LevelAction<InnerAction>.innerAction)
  }
}
