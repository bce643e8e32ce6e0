/// The cases, in report order, with the names the issue gives them. Extra cases (marked below) break a
/// required case down further: a deferred effect instead of `.send`, key paths instead of case paths.
enum CaseName: String, CaseIterable {
  case sendNoEffect = "send.noEffect"
  /// A send whose reducer reads one `@Dependency` (see ``DependencyRead``).
  case sendDependencyRead = "send.dependencyRead"
  /// `send.noEffect`'s reducer written as a `ReducerProtocol` feature with `Reduce`, in a store made
  /// with `Store(initialState:reducer:)` (see ``ProtocolFeature``).
  case sendProtocolFeature = "send.protocolFeature"
  /// Extra: the same on a store made inside `withDependencies`, which sets its values per send.
  case sendDependencyReadOverridden = "send.dependencyRead.overridden"
  case sendOneObserver = "send.oneObserver"
  /// A send that changes the value, watched by one `withObservationTracking` registration made anew
  /// before each send (as a SwiftUI view re-registers after each change).
  case observationOneTracker = "observation.oneTracker"
  /// The same, with the tracked closure making a view of the store and reading that, as a SwiftUI body
  /// that makes a child's store does (see ``ObservationWorkloads``).
  case observationViewInBody = "observation.viewInBody"
  /// A read of a view's value outside any tracking scope (see ``ObservationWorkloads``).
  case viewReadUntracked = "view.read.untracked"
  case effectRoundTrip = "effect.roundTrip"
  /// Extra: the round trip through `.sync { }`, an effect that runs (allocates a lifetime) instead of
  /// carrying its output.
  case effectRoundTripSync = "effect.roundTrip.sync"
  case effectMap10 = "effect.map10"
  /// Extra: ten maps over `.sync { }`, each layer a closure applied when the effect runs.
  case effectMap10Sync = "effect.map10.sync"
  case fanoutNoObservers = "fanout.views1000.noObservers"
  case fanoutUnrelatedChange = "fanout.views1000.unrelatedChange"
  case fanoutOneChildChanges = "fanout.views1000.oneChildChanges"
  /// A hundred child views of ten grandchild views each, every grandchild observed; one grandchild
  /// changes per operation (see ``NestedFanout``).
  case fanoutNestedOneGrandchildChanges = "fanout.nested100x10.oneGrandchildChanges"
  case pullbackNoEffect = "pullback.depth20.noEffect"
  case pullbackWithEffect = "pullback.depth20.withEffect"
  /// Extra: the same through the episode's key-path `pullback` overload instead of `CasePath`.
  case pullbackWithEffectKeyPaths = "pullback.depth20.withEffect.keyPaths"
  /// `pullback.depth20.withEffect` with case paths made from the case alone, `CasePath(LevelAction.inner)`,
  /// which extract by reflection.
  case pullbackReflectedCasePaths = "pullback.depth20.reflectedCasePaths"
  case cancelStartCancel = "cancel.startCancel"
  /// 10,000 effects ending under one id, per iteration.
  case cancelSharedID10k = "cancel.sharedID10k"
  /// Extra: the same with 40,000, so that linearity can be checked (4× the effects, at most 5× the time).
  case cancelSharedID40k = "cancel.sharedID40k"
  case chainSync1M = "chain.sync1M"
  case testSchedulerPending10k = "testScheduler.pending10k"
  /// Extra: four times the items of `testScheduler.pending10k`, to check the queue stays linear.
  case testSchedulerPending40k = "testScheduler.pending40k"
  /// A `.run` effect that sends one action: started, its action reduced (see ``RunRoundTrip``).
  case runRoundTrip = "run.roundTrip"
  /// `run.roundTrip` with one `@Dependency` read in the operation (see ``DependencyRead``).
  case runDependencyRead = "run.dependencyRead"
  /// One send starting 10,000 `.run` effects, each sending one action, until all are reduced
  /// (see ``RunBurst``).
  case runBurst10k = "run.burst10k"
  /// An action for one row of 10,000, through `forEach` and `combine` (see ``ForEachRows``).
  case forEachRows10kOneRowAction = "forEach.rows10k.oneRowAction"
  /// Extra: the same over 100 rows, what `navigation.stack100.elementAction` compares with.
  case forEachRows100OneRowAction = "forEach.rows100.oneRowAction"
  /// An action for one screen of a navigation stack of 100 (see ``Navigation``).
  case navigationStack100ElementAction = "navigation.stack100.elementAction"
  /// Present a child, start an effect in it, dismiss it (see ``Navigation``).
  case navigationPresentDismiss = "navigation.presentDismiss"
  /// One observed row store of 100 rows sends a change to its row (see ``RowStoreNotification``).
  case rowStoreRows100 = "rowStore.rows100.oneRowChanges"
  /// The same with 10,000 rows: the cost must not grow with the rows.
  case rowStoreRows10k = "rowStore.rows10k.oneRowChanges"
  /// A ten-step story on one TestClock told by a TestStore, against a plain Store driven by hand
  /// (see ``TestStoreStory``); one operation is one story.
  case testStoreStory1000 = "testStore.story1000"

  /// Actions in the chain of `chain.sync1M`.
  static let chainLength = 1_000_000

  /// What one iteration counts as: each action of a chain, each effect of a shared-id batch.
  var operationsPerIteration: Int {
    switch self {
    case .chainSync1M: Self.chainLength
    case .cancelSharedID10k: 10_000
    case .cancelSharedID40k: 40_000
    case .runBurst10k: RunBurst.count
    case .testStoreStory1000: TestStoreStory.storiesPerIteration
    default: 1
    }
  }

  /// The suite: every case with the workload of each contender that has one.
  @MainActor
  static func suite() -> [BenchmarkCase] {
    allCases.map { name in
      BenchmarkCase(
        name: name,
        operationsPerIteration: name.operationsPerIteration,
        bare: BareWorkloads.factory(for: name),
        naive: NaiveWorkloads.factory(for: name),
        effectful: EffectfulWorkloads.factory(for: name))
    }
  }
}
