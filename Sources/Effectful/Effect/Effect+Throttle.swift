extension Effect where Output: Sendable {
  /// Lets at most one output through per `interval` for all effects with the same `id`.
  ///
  /// ```swift
  /// case .scrolled(let offset):
  ///   return [.send(.loadMore(offset))
  ///     .throttle(id: ScrollID.self, for: .seconds(1), scheduler: mainQueue, latest: true)]
  /// ```
  ///
  /// The first output passes at once. One arriving sooner than `interval` after the last that passed
  /// waits until the interval is over; by then it is replaced by the newest output (`latest: true`) or
  /// the oldest one waiting is kept (`latest: false`). A newer throttled effect with the same id takes
  /// over the wait from an older one, as in the Composable Architecture.
  public func throttle(
    id: some Hashable & Sendable, for interval: Duration, scheduler: some Scheduler, latest: Bool
  ) -> Effect {
    let key = EffectID(id)
    return Effect(
      operation: .run { downstream in
        let throttle = downstream.lifetime.registry.sharedState(for: key) { ThrottleState<Output>() }
        let pending = LockedValue(0)
        let upstreamDone = LockedValue(false)
        @Sendable func finishIfDone() {
          let done = upstreamDone.withValue { $0 } && pending.withValue { $0 } == 0
          if done { downstream.finish() }
        }
        let upstream = downstream.lifetime.makeChild()
        upstream.onEnd { _ in
          upstreamDone.withValue { $0 = true }
          finishIfDone()
        }
        self.start(in: upstream) { output, provenance in
          let now = scheduler.now
          let decision = throttle.state.withValue { state -> (wait: Duration, value: Output)? in
            guard let last = state.lastEmission, now - last < interval else {
              state.lastEmission = now
              state.waiting = nil
              return nil
            }
            let value = latest ? output : (state.waiting ?? output)
            state.waiting = value
            return (last + interval - now, value)
          }
          guard let (wait, value) = decision else {
            downstream.receive(output, provenance)
            return
          }
          pending.withValue { $0 += 1 }
          let work = scheduler.schedule(after: wait) {
            let sent = throttle.state.withValue { state -> Output in
              state.lastEmission = scheduler.now
              defer { state.waiting = nil }
              return state.waiting ?? value
            }
            if downstream.lifetime.isRunning { downstream.receive(sent, provenance) }
            pending.withValue { $0 -= 1 }
            finishIfDone()
          }
          downstream.onCancel { work.cancel() }
        }
      }
    ).cancellable(id: id, cancelInFlight: true)
  }
}

/// What a throttle id remembers between effects: when an output last passed, and the one waiting.
final class ThrottleState<Output: Sendable>: Sendable {
  struct State {
    var lastEmission: SchedulerInstant?
    var waiting: Output?
  }
  let state = LockedValue(State())
}
