import Effectful

/// The limit: each case's reducer called directly, for every action the store would reduce, so that the
/// same effect arrays are built (and dropped), plus the least glue the case needs, written by hand. The
/// reducer comes through ``opaque(_:)``, so it is called as a store calls it: an unknown closure. The
/// value is a local variable of each run, as in hand-written code: no box, no runtime exclusivity check.
@MainActor
enum BareWorkloads {
  static func factory(for name: CaseName) -> WorkloadFactory? {
    switch name {
    case .sendNoEffect: counter(observed: false)
    case .sendOneObserver: counter(observed: true)
    case .observationOneTracker: ObservationWorkloads.bare
    // A view is Effectful's own; the bare side of a tracked read is observation.oneTracker's.
    case .observationViewInBody, .viewReadUntracked: nil
    case .effectRoundTrip: roundTrip(EffectfulReducers.roundTrip)
    case .effectRoundTripSync: roundTrip(EffectfulReducers.roundTripSync)
    case .effectMap10: roundTrip(EffectfulReducers.map10, response: .response(9))
    case .effectMap10Sync: map10Sync
    case .fanoutNoObservers: fanout(observed: false, childChanges: false)
    case .fanoutUnrelatedChange: fanout(observed: true, childChanges: false)
    case .fanoutOneChildChanges: fanout(observed: true, childChanges: true)
    case .fanoutNestedOneGrandchildChanges: NestedFanout.bare
    case .pullbackNoEffect: pullback(withEffect: false)
    case .pullbackWithEffect, .pullbackWithEffectKeyPaths: pullback(withEffect: true)
    case .cancelStartCancel: startCancel
    case .cancelSharedID10k, .cancelSharedID40k: nil
    case .chainSync1M: chain
    case .testSchedulerPending10k, .testSchedulerPending40k: nil
    case .runRoundTrip: RunRoundTrip.bare
    // Measured against the store's own send.noEffect and run.roundTrip.
    case .sendDependencyRead, .sendDependencyReadOverridden, .runDependencyRead: nil
    // Measured against the store's own send.noEffect and pullback.depth20.withEffect.
    case .sendProtocolFeature, .pullbackReflectedCasePaths: nil
    case .runBurst10k: RunBurst.bare
    case .forEachRows10kOneRowAction: ForEachRows.bare
    case .rowStoreRows100, .rowStoreRows10k: nil
    // Measured against the store's own forEach.rows100.oneRowAction and cancel.startCancel.
    case .forEachRows100OneRowAction, .navigationStack100ElementAction, .navigationPresentDismiss: nil
    // The "bare" side of a test store's story is the app's store, driven by hand.
    case .testStoreStory1000: TestStoreStory.bare
    }
  }

  /// The reducer; with `observed`, then one observer closure called with the new value.
  private static func counter(observed: Bool) -> WorkloadFactory {
    {
      let reducer = opaque(EffectfulReducers.counter)
      let observer: (CounterState) -> Void = opaque { blackHole($0.count) }
      return { iterations in
        var state = CounterState()
        if observed {
          for _ in 0..<iterations {
            _ = reducer(&state, .increment)
            observer(state)
          }
        } else {
          for _ in 0..<iterations { _ = reducer(&state, .increment) }
        }
        blackHole(state.count)
      }
    }
  }

  /// The reducer for the request (building its effect array) and for the response the effect carries.
  private static func roundTrip(
    _ reducer: @escaping Reducer<CounterState, CounterAction>, response: CounterAction = .response(1)
  ) -> WorkloadFactory {
    {
      let reducer = opaque(reducer)
      return { iterations in
        var state = CounterState()
        for _ in 0..<iterations {
          _ = reducer(&state, .request)
          _ = reducer(&state, response)
        }
        blackHole(state.count)
      }
    }
  }

  /// The reducer for the request (building the same ten-layer effect), the ten transforms applied by
  /// hand, and the reducer for the resulting action.
  private static let map10Sync: WorkloadFactory = {
    let reducer = opaque(EffectfulReducers.map10Sync)
    let transforms = opaque(EffectfulReducers.tenTransforms)
    return { iterations in
      var state = CounterState()
      for _ in 0..<iterations {
        _ = reducer(&state, .request)
        var value = 0
        for transform in transforms.nine { value = transform(value) }
        _ = reducer(&state, transforms.last(value))
      }
      blackHole(state.count)
    }
  }

  /// The parent's reducer; for observed children, then what deduplication needs at least: each
  /// child's value compared with the last one seen, and the observer of a changed child called.
  private static func fanout(observed: Bool, childChanges: Bool) -> WorkloadFactory {
    {
      let reducer = opaque(EffectfulReducers.fanout)
      let observer: (ChildState) -> Void = opaque { blackHole($0.count) }
      return { iterations in
        var state = FanoutState()
        var lastSeen = state.children
        var next = 0
        for _ in 0..<iterations {
          if childChanges {
            _ = reducer(&state, .child(next, .increment))
            next = next == FanoutState.childCount - 1 ? 0 : next + 1
          } else {
            _ = reducer(&state, .unrelated)
          }
          guard observed else { continue }
          for index in 0..<FanoutState.childCount where state.children[index] != lastSeen[index] {
            lastSeen[index] = state.children[index]
            observer(lastSeen[index])
          }
        }
        blackHole(state.unrelated)
      }
    }
  }

  /// The leaf reducer called on the leaf, reached by a path known at compile time: no routing at all.
  private static func pullback(withEffect: Bool) -> WorkloadFactory {
    {
      let reducer = opaque(EffectfulReducers.leaf)
      return { iterations in
        var state = Deep.makeState()
        Deep.leaf(&state) { leaf in
          for _ in 0..<iterations {
            if withEffect {
              _ = reducer(&leaf, .request)
              _ = reducer(&leaf, .response)
            } else {
              _ = reducer(&leaf, .increment)
            }
          }
        }
        blackHole(Deep.leafCount(state))
      }
    }
  }

  /// The reducer for `start` and `stop`: the effects are built, never run.
  private static let startCancel: WorkloadFactory = {
    let reducer = opaque(EffectfulReducers.startCancel(cancellations: CancellationCounter()))
    return { iterations in
      var state = CounterState()
      for _ in 0..<iterations {
        _ = reducer(&state, .start)
        _ = reducer(&state, .stop)
      }
      blackHole(state.count)
    }
  }

  /// The reducer for each action of the chain, in a loop.
  private static let chain: WorkloadFactory = {
    let reducer = opaque(EffectfulReducers.chain)
    return { iterations in
      var state = CounterState()
      for _ in 0..<iterations {
        for remaining in (0..<CaseName.chainLength).reversed() {
          _ = reducer(&state, .step(remaining))
        }
      }
      blackHole(state.count)
    }
  }
}
