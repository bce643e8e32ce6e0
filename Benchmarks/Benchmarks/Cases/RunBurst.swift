import Effectful
import Foundation

/// `run.burst10k`: one send starting 10,000 `.run` effects, each sending one action, until the store
/// has reduced all 10,000 actions; against 10,000 bare tasks making the same hops (each starts off the
/// main actor and hops there once to reduce its action).
///
/// Throughput rather than latency: what a burst costs beyond the tasks and hops themselves is the
/// `.run` machinery (its `Send`, lifetimes, the end's hop, the send's `StoreTask`). Reported per
/// effect. Both contenders wait the same way: running the main run loop until every action is in.
@MainActor
enum RunBurst {
  nonisolated static let count = 10_000

  /// The same `.run` effect, 10,000 times, made once: the reducer returns it without building it.
  private nonisolated static let burst: [Effect<CounterAction>] = Array(
    repeating: .run { send in await send(.response(1)) }, count: count)

  /// `request` starts the burst.
  static let reducer: Reducer<CounterState, CounterAction> = { state, action in
    switch action {
    case .request: return burst
    case .response(let amount): state.count &+= amount
    default: break
    }
    return []
  }

  static var effectful: WorkloadFactory {
    {
      let store = Store(initialValue: CounterState(), reducer: reducer)
      // Read through an observer, as the bare contender reads its box: reading `store.value` would
      // arm Observation, and every send would then pay for telling trackers (observation.oneTracker
      // measures that), a third of this case's instructions with no `.run` in it.
      let reduced = RunRoundTrip.CountBox()
      let subscription = store.subscribe { reduced.count = $0.count }
      return { iterations in
        for _ in 0..<iterations {
          let expected = reduced.count &+ count
          store.send(.request)
          runMainLoop(until: { reduced.count == expected })
        }
        blackHole(reduced.count)
        withExtendedLifetime(subscription) {}
      }
    }
  }

  static var bare: WorkloadFactory {
    {
      let box = StateBox()
      let reducer = opaque(reducer)
      return { iterations in
        for _ in 0..<iterations {
          let expected = box.state.count &+ count
          _ = reducer(&box.state, .request)
          for _ in 0..<count {
            // Detached, as a `.run` task is: it starts off the main actor and hops back.
            Task.detached {
              await MainActor.run { _ = reducer(&box.state, .response(1)) }
            }
          }
          runMainLoop(until: { box.state.count == expected })
        }
        blackHole(box.state.count)
      }
    }
  }

  /// The state bare tasks mutate on the main actor.
  @MainActor
  private final class StateBox {
    var state = CounterState()
  }

  private static func runMainLoop(until isDone: () -> Bool) {
    while !isDone() {
      _ = RunLoop.main.run(mode: .default, before: .distantFuture)
    }
  }
}
