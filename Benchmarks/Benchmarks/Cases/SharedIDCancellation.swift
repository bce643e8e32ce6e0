import Effectful

/// `cancel.sharedID10k` and `cancel.sharedID40k`: one iteration starts that many effects under one
/// cancellation id, then ends each of them, oldest first; times are per effect. The registry keeps the
/// effects of an id in one list; an end that rebuilt the list (as it once did) made this quadratic, so
/// the 40k case must stay within 5× the 10k one for 4× the effects: 1.25× per effect.
@MainActor
enum SharedIDCancellation {
  static func effectful(count: Int) -> WorkloadFactory {
    {
      let running = RunningEffects()
      let store = Store(initialValue: 0) { (_: inout Int, _: Void) -> [Effect<Void>] in
        [Effect<Void>.create { running.subscribers.append($0) }.cancellable(id: SharedID.shared)]
      }
      return { iterations in
        for _ in 0..<iterations {
          for _ in 0..<count { store.send(()) }
          for subscriber in running.subscribers { subscriber.finish() }
          blackHole(running.subscribers.count)
          running.subscribers.removeAll(keepingCapacity: true)
        }
        blackHole(store.value)
      }
    }
  }
}

private enum SharedID: Hashable, Sendable { case shared }

/// The subscribers of the effects still running. Unchecked: the store starts these effects on the main
/// thread, the only one that touches this.
private final class RunningEffects: @unchecked Sendable {
  var subscribers: [EffectSubscriber<Void>] = []
}
