import Effectful
import EffectfulProcessUsage

/// The Effectful store's side of every case.
@MainActor
enum EffectfulWorkloads {
  static func factory(for name: CaseName) -> WorkloadFactory? {
    switch name {
    case .sendNoEffect: repeating(.increment, reducer: EffectfulReducers.counter)
    case .sendDependencyRead: DependencyRead.send(overridden: false)
    case .sendProtocolFeature: ProtocolFeature.send
    case .sendDependencyReadOverridden: DependencyRead.send(overridden: true)
    case .sendOneObserver: repeating(.increment, reducer: EffectfulReducers.counter, observed: true)
    case .observationOneTracker: ObservationWorkloads.effectful
    case .observationViewInBody: ObservationWorkloads.viewInBody
    case .observationFields100: Fields100.effectful
    case .viewReadUntracked: ObservationWorkloads.untrackedViewRead
    case .effectRoundTrip: repeating(.request, reducer: EffectfulReducers.roundTrip)
    case .effectRoundTripSync: repeating(.request, reducer: EffectfulReducers.roundTripSync)
    case .effectMap10: repeating(.request, reducer: EffectfulReducers.map10)
    case .effectMap10Sync: repeating(.request, reducer: EffectfulReducers.map10Sync)
    case .fanoutNoObservers: fanout(observed: false, childChanges: false)
    case .fanoutUnrelatedChange: fanout(observed: true, childChanges: false)
    case .fanoutOneChildChanges: fanout(observed: true, childChanges: true)
    case .fanoutNestedOneGrandchildChanges: NestedFanout.effectful
    case .pullbackNoEffect: pullback(DeepPullback.casePaths, sending: Deep.increment)
    case .pullbackWithEffect: pullback(DeepPullback.casePaths, sending: Deep.request)
    case .pullbackWithEffectKeyPaths: pullback(DeepPullback.keyPaths, sending: Deep.request)
    case .pullbackReflectedCasePaths: pullback(DeepPullback.reflectedCasePaths, sending: Deep.request)
    case .cancelStartCancel: startCancel
    case .cancelSharedID10k, .cancelSharedID40k:
      SharedIDCancellation.effectful(count: name.operationsPerIteration)
    case .chainSync1M: chain
    case .testSchedulerPending10k: TestSchedulerWorkloads.pending(10_000)
    case .testSchedulerPending40k: TestSchedulerWorkloads.pending(40_000)
    case .runRoundTrip: RunRoundTrip.effectful
    case .runDependencyRead: DependencyRead.run
    case .runBurst10k: RunBurst.effectful
    case .forEachRows10kOneRowAction: ForEachRows.effectful
    case .forEachRows100OneRowAction: Navigation.rows100
    case .navigationStack100ElementAction: Navigation.stackElementAction
    case .navigationPresentDismiss: Navigation.presentDismiss
    case .rowStoreRows100: RowStoreNotification.effectful(rowCount: 100)
    case .rowStoreRows10k: RowStoreNotification.effectful(rowCount: 10_000)
    case .testStoreStory1000: TestStoreStory.effectful
    case .sendOnActor: Sessions.sendOnActor
    case .storesSessions1000: Sessions.onActors
    }
  }

  /// Sends `action` once per iteration to a store, optionally observed by one subscriber.
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

  /// A parent with a thousand child views: unobserved, or each with one observer. Each iteration either
  /// changes a field no view reads, or sends through the next child's view, changing that child only.
  private static func fanout(observed: Bool, childChanges: Bool) -> WorkloadFactory {
    {
      let store = Store(initialValue: FanoutState(), reducer: EffectfulReducers.fanout)
      let views = (0..<FanoutState.childCount).map { index in
        store.view(value: { $0.children[index] }, action: { FanoutAction.child(index, $0) })
      }
      var subscriptions: [StoreSubscription] = []
      if observed {
        for view in views { view.subscribe { blackHole($0.count) }.store(in: &subscriptions) }
      }
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

  private static func pullback(
    _ reducer: @escaping Reducer<DeepState, DeepAction>, sending action: DeepAction
  ) -> WorkloadFactory {
    {
      let store = Store(initialValue: Deep.makeState(), reducer: reducer)
      return { iterations in
        for _ in 0..<iterations { store.send(action) }
        blackHole(Deep.leafCount(store.value))
      }
    }
  }

  /// One iteration starts a cancellable effect and cancels it: two actions.
  private static let startCancel: WorkloadFactory = {
    let store = Store(
      initialValue: CounterState(),
      reducer: EffectfulReducers.startCancel(cancellations: CancellationCounter()))
    return { iterations in
      for _ in 0..<iterations {
        store.send(.start)
        store.send(.stop)
      }
      blackHole(store.value.count)
    }
  }

  /// One iteration is a whole chain of a million actions, sent as one.
  private static let chain: WorkloadFactory = {
    let store = Store(initialValue: CounterState(), reducer: EffectfulReducers.chain)
    return { iterations in
      for _ in 0..<iterations { store.send(.step(CaseName.chainLength - 1)) }
      blackHole(store.value.count)
    }
  }

  /// Runs `cycles` start/cancel cycles on a fresh store and reports whether memory stayed flat.
  static func cancelMemoryCheck(cycles: Int) -> CancelMemoryReport {
    let cancellations = CancellationCounter()
    let store = Store(
      initialValue: CounterState(), reducer: EffectfulReducers.startCancel(cancellations: cancellations))
    // Warm the allocator first, so that its one-time growth is not counted as the store's.
    let warmUp = 10_000
    for _ in 0..<warmUp {
      store.send(.start)
      store.send(.stop)
    }
    let before = ProcessUsage.currentResidentBytes
    let entriesBefore = cancellations.registry?.entryCount
    for _ in 0..<cycles {
      store.send(.start)
      store.send(.stop)
    }
    return CancelMemoryReport(
      cycles: cycles,
      residentBytesBefore: before,
      residentBytesAfter: ProcessUsage.currentResidentBytes,
      registryEntriesBefore: entriesBefore,
      registryEntriesAfter: cancellations.registry?.entryCount,
      cancellationsSeen: cancellations.count - warmUp)
  }
}
