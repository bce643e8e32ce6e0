import Effectful

/// The reducers the Effectful store runs. The bare loops call these same closures directly, so both
/// build the same effect arrays; only the store's machinery differs.
enum EffectfulReducers {
  /// `send.*` and `fanout` parents: mutate, no effect.
  static let counter: Reducer<CounterState, CounterAction> = { state, action in
    state.count &+= 1
    return []
  }

  /// `effect.roundTrip`: `request` returns `.send(.response(1))`, the synchronous effect that carries
  /// its output.
  static let roundTrip: Reducer<CounterState, CounterAction> = { state, action in
    switch action {
    case .request: return [.send(.response(1))]
    case .response(let amount): state.count &+= amount
    default: break
    }
    return []
  }

  /// `effect.roundTrip.sync`: the same through `.sync { }`, which computes its output when it runs.
  static let roundTripSync: Reducer<CounterState, CounterAction> = { state, action in
    switch action {
    case .request: return [.sync { .response(1) }]
    case .response(let amount): state.count &+= amount
    default: break
    }
    return []
  }

  /// `effect.map10`: `.send(0)` through nine `+ 1`s and the embedding into an action, ten maps.
  static let map10: Reducer<CounterState, CounterAction> = { state, action in
    switch action {
    case .request: return [mapTen(.send(0))]
    case .response(let amount): state.count &+= amount
    default: break
    }
    return []
  }

  /// `effect.map10.sync`: the same ten maps over `.sync { 0 }`.
  static let map10Sync: Reducer<CounterState, CounterAction> = { state, action in
    switch action {
    case .request: return [mapTen(.sync { 0 })]
    case .response(let amount): state.count &+= amount
    default: break
    }
    return []
  }

  /// The ten transforms of `effect.map10`, for the bare loop to apply by hand.
  static let tenTransforms: (nine: [@Sendable (Int) -> Int], last: @Sendable (Int) -> CounterAction) = (
    Array(repeating: { $0 &+ 1 }, count: 9), CounterAction.response
  )

  private static func mapTen(_ effect: Effect<Int>) -> Effect<CounterAction> {
    effect
      .map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
      .map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
      .map(CounterAction.response)
  }

  /// `fanout.*`: the parent of a thousand views.
  static let fanout: Reducer<FanoutState, FanoutAction> = { state, action in
    switch action {
    case .unrelated: state.unrelated &+= 1
    case .child(let index, .increment): state.children[index].count &+= 1
    }
    return []
  }

  /// `pullback.*`: the leaf, twenty levels down.
  static let leaf: Reducer<LeafState, LeafAction> = { state, action in
    switch action {
    case .increment, .response: state.count &+= 1
    case .request: return [.send(.response)]
    }
    return []
  }

  /// `cancel.startCancel`: `start` runs an effect that never finishes on its own (a timer, a socket) and
  /// releases its resources on cancellation; `stop` cancels it. `cancellations` counts the releases.
  static func startCancel(cancellations: CancellationCounter) -> Reducer<CounterState, CounterAction> {
    { state, action in
      switch action {
      case .start:
        return [
          Effect<CounterAction>.create { subscriber in
            cancellations.registry = subscriber.lifetime.registry
            subscriber.onCancel { cancellations.count &+= 1 }
          }
          .cancellable(id: CancelID.effect)
        ]
      case .stop:
        return [.cancel(id: CancelID.effect)]
      default:
        return []
      }
    }
  }

  /// `chain.sync1M`: each `step(n)` sends `step(n - 1)` until 0, through `.send`.
  static let chain: Reducer<CounterState, CounterAction> = { state, action in
    guard case .step(let remaining) = action else { return [] }
    state.count &+= 1
    return remaining > 0 ? [.send(.step(remaining - 1))] : []
  }
}

/// Counts the cancellations `cancel.startCancel` delivers, and keeps the store's cancellation registry
/// (package API, reached through the effect's subscriber) so the memory check can count its entries.
/// Unchecked: a store starts and cancels these effects on the main thread, the only one that touches
/// this.
final class CancellationCounter: @unchecked Sendable {
  var count = 0
  var registry: CancellationRegistry?
}
