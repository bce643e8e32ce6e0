import Effectful
import Foundation

/// `run.roundTrip`: a `.run` effect that sends one action, from the store starting it to the store
/// having reduced what it sent, against the least async code that does the same: a bare `Task` that
/// hops to the main actor to mutate the state.
///
/// Each iteration waits for its own response before the next starts (latency, not throughput). Both
/// contenders wait the same way: running the main run loop, which is where main-actor work runs in
/// this executable, until the response has been reduced.
@MainActor
enum RunRoundTrip {
  /// `request` starts a `.run` that sends `.response(1)`.
  static let reducer: Reducer<CounterState, CounterAction> = { state, action in
    switch action {
    case .request: return [.run { send in await send(.response(1)) }]
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
      let reduced = CountBox()
      let subscription = store.subscribe { reduced.count = $0.count }
      return { iterations in
        for _ in 0..<iterations {
          let expected = reduced.count &+ 1
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
          let expected = box.state.count &+ 1
          _ = reducer(&box.state, .request)
          // Detached, as the store's `.run` task is: it starts off the main actor and hops back.
          Task.detached {
            await MainActor.run { _ = reducer(&box.state, .response(1)) }
          }
          runMainLoop(until: { box.state.count == expected })
        }
        blackHole(box.state.count)
      }
    }
  }

  /// The count an observer of the store copies out, read by the effectful contender's loop.
  @MainActor
  final class CountBox {
    var count = 0
  }

  /// The state a bare task mutates on the main actor: a class, since a task cannot capture a local
  /// `var`.
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
