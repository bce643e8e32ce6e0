import Effectful
import Observation

/// `observation.fields100.unreadFieldChanges`: a store whose value has a hundred fields, each read by
/// its own `withObservationTracking` through the store's dynamic member lookup (`store.f00`, …). Each
/// iteration sends an action that changes one field, in turn; that field's observer is told and
/// registers again, as a SwiftUI view re-renders, and the ninety-nine others stay registered and are
/// not told. What it shows: a send compares each field somebody waits on and tells only the changed
/// one's readers, so it costs about one `observation.oneTracker` plus a hundred comparisons.
@MainActor
enum Fields100 {
  /// A hundred `Int` fields.
  struct State: Equatable {
    var
    f00 = 0, f01 = 0, f02 = 0, f03 = 0, f04 = 0, f05 = 0, f06 = 0, f07 = 0, f08 = 0, f09 = 0,
    f10 = 0, f11 = 0, f12 = 0, f13 = 0, f14 = 0, f15 = 0, f16 = 0, f17 = 0, f18 = 0, f19 = 0,
    f20 = 0, f21 = 0, f22 = 0, f23 = 0, f24 = 0, f25 = 0, f26 = 0, f27 = 0, f28 = 0, f29 = 0,
    f30 = 0, f31 = 0, f32 = 0, f33 = 0, f34 = 0, f35 = 0, f36 = 0, f37 = 0, f38 = 0, f39 = 0,
    f40 = 0, f41 = 0, f42 = 0, f43 = 0, f44 = 0, f45 = 0, f46 = 0, f47 = 0, f48 = 0, f49 = 0,
    f50 = 0, f51 = 0, f52 = 0, f53 = 0, f54 = 0, f55 = 0, f56 = 0, f57 = 0, f58 = 0, f59 = 0,
    f60 = 0, f61 = 0, f62 = 0, f63 = 0, f64 = 0, f65 = 0, f66 = 0, f67 = 0, f68 = 0, f69 = 0,
    f70 = 0, f71 = 0, f72 = 0, f73 = 0, f74 = 0, f75 = 0, f76 = 0, f77 = 0, f78 = 0, f79 = 0,
    f80 = 0, f81 = 0, f82 = 0, f83 = 0, f84 = 0, f85 = 0, f86 = 0, f87 = 0, f88 = 0, f89 = 0,
    f90 = 0, f91 = 0, f92 = 0, f93 = 0, f94 = 0, f95 = 0, f96 = 0, f97 = 0, f98 = 0, f99 = 0
  }

  /// The key path of each field, in order: `store[dynamicMember: paths[i]]` is what `store.f07`
  /// compiles to.
  nonisolated static let paths: [any WritableKeyPath<State, Int> & Sendable] = [
    \.f00, \.f01, \.f02, \.f03, \.f04, \.f05, \.f06, \.f07, \.f08, \.f09,
    \.f10, \.f11, \.f12, \.f13, \.f14, \.f15, \.f16, \.f17, \.f18, \.f19,
    \.f20, \.f21, \.f22, \.f23, \.f24, \.f25, \.f26, \.f27, \.f28, \.f29,
    \.f30, \.f31, \.f32, \.f33, \.f34, \.f35, \.f36, \.f37, \.f38, \.f39,
    \.f40, \.f41, \.f42, \.f43, \.f44, \.f45, \.f46, \.f47, \.f48, \.f49,
    \.f50, \.f51, \.f52, \.f53, \.f54, \.f55, \.f56, \.f57, \.f58, \.f59,
    \.f60, \.f61, \.f62, \.f63, \.f64, \.f65, \.f66, \.f67, \.f68, \.f69,
    \.f70, \.f71, \.f72, \.f73, \.f74, \.f75, \.f76, \.f77, \.f78, \.f79,
    \.f80, \.f81, \.f82, \.f83, \.f84, \.f85, \.f86, \.f87, \.f88, \.f89,
    \.f90, \.f91, \.f92, \.f93, \.f94, \.f95, \.f96, \.f97, \.f98, \.f99
  ]

  /// Changes the field at an index.
  static let reducer: Reducer<State, Int> = { state, index in
    state[keyPath: paths[index]] += 1
    return []
  }

  static let effectful: WorkloadFactory = {
    let observed = ObservedFields()
    return { iterations in
      for iteration in 0..<iterations {
        let index = iteration % paths.count
        observed.store.send(index)
        observed.register(index)
      }
      blackHole(observed.told.reduce(0, &+))
    }
  }

  /// Sends `actions` actions to a store observed as the case observes it, and counts who is told.
  static func check(actions: Int) -> FieldNotificationReport {
    let observed = ObservedFields()
    var toldOthers = 0
    for action in 0..<actions {
      let index = action % paths.count
      let before = observed.told
      observed.store.send(index)
      for (field, told) in observed.told.enumerated() where told != before[field] && field != index {
        toldOthers += 1
      }
      observed.register(index)
    }
    return FieldNotificationReport(
      actions: actions, toldChanged: observed.told.reduce(0, +) - toldOthers, toldOthers: toldOthers)
  }
}

/// The store and its hundred observers, one per field, each counting how often it is told.
@MainActor
private final class ObservedFields {
  let store = Store(initialValue: Fields100.State(), reducer: Fields100.reducer)
  /// How many times the observer of each field was told.
  var told = [Int](repeating: 0, count: Fields100.paths.count)

  init() {
    for index in Fields100.paths.indices { register(index) }
  }

  /// Registers the observer of the field at `index`, which reads that field alone.
  func register(_ index: Int) {
    withObservationTracking {
      blackHole(store[dynamicMember: Fields100.paths[index]])
    } onChange: { [self] in
      // Observers are told on the store's actor, during the send.
      MainActor.assumeIsolated { told[index] &+= 1 }
    }
  }
}

/// Who `observation.fields100.unreadFieldChanges`'s observers heard from, over a run of actions.
struct FieldNotificationReport {
  let actions: Int
  /// Notifications to the observer of the field each action changed: one per action.
  let toldChanged: Int
  /// Notifications to any other observer: none.
  let toldOthers: Int

  var isExact: Bool { toldChanged == actions && toldOthers == 0 }
}
