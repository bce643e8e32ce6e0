import Effectful
import Observation

/// `observation.oneTracker`: each iteration registers one `withObservationTracking` that reads the count,
/// then sends an action that changes it, which fires the tracker. A SwiftUI view does the same: it
/// reads in its body, hears one change, and reads again. Also the cases about views read that way.
@MainActor
enum ObservationWorkloads {
  /// The Effectful store.
  static let effectful = trackedSends { store in store.value.count }

  /// `observation.viewInBody`: as `observation.oneTracker`, but the tracked closure makes a view of the
  /// store and reads the view, which nothing else holds: a SwiftUI body making a child's store.
  static let viewInBody = trackedSends { store in
    store.view(value: { $0.count }, action: { $0 }).value
  }

  /// Each iteration registers one tracker around `read`, then sends an action that changes what it
  /// read, which tells the tracker.
  private static func trackedSends(
    reading read: @escaping @MainActor (Store<CounterState, CounterAction>) -> Int
  ) -> WorkloadFactory {
    {
      let store = Store(initialValue: CounterState(), reducer: EffectfulReducers.counter)
      let changes = ChangeCounter()
      return { iterations in
        for _ in 0..<iterations {
          withObservationTracking {
            blackHole(read(store))
          } onChange: {
            changes.count &+= 1
          }
          store.send(.increment)
        }
        blackHole(changes.count)
      }
    }
  }

  /// `view.read.untracked`: a read of a held view's value with no tracking scope around it, as an
  /// action handler reading the state does.
  static let untrackedViewRead: WorkloadFactory = {
    let store = Store(initialValue: CounterState(), reducer: EffectfulReducers.counter)
    let view = store.view(value: { $0.count }, action: { $0 })
    return { iterations in
      for _ in 0..<iterations { blackHole(view.value) }
    }
  }

  /// The limit: the reducer on a local value, and the least an `Observable` type does around it (a
  /// tracked read, then the change announced to the registrar). What Observation itself costs.
  static let bare: WorkloadFactory = {
    let reducer = opaque(EffectfulReducers.counter)
    let model = BareObservable()
    let changes = ChangeCounter()
    return { iterations in
      var state = CounterState()
      for _ in 0..<iterations {
        withObservationTracking {
          model.read()
          blackHole(state.count)
        } onChange: {
          changes.count &+= 1
        }
        _ = reducer(&state, .increment)
        model.changed()
      }
      blackHole(changes.count)
    }
  }
}

/// The smallest `Observable`: a registrar and one key.
private final class BareObservable: Observable, @unchecked Sendable {
  let registrar = ObservationRegistrar()
  var key = 0
  let keyPath = \BareObservable.key

  func read() { registrar.access(self, keyPath: keyPath) }
  func changed() { registrar.withMutation(of: self, keyPath: keyPath) {} }
}

/// Counts notifications. Unchecked: trackers fire on the main thread, during the send, the only thread
/// that touches it.
private final class ChangeCounter: @unchecked Sendable {
  var count = 0
}
