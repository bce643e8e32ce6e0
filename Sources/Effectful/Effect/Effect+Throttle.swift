extension Effect where Output: Sendable {
  /// Lets at most one output through per `interval` for all effects with the same `id`.
  ///
  /// ```swift
  /// case .scrolled(let offset):
  ///   return [.send(.loadMore(offset))
  ///     .throttle(id: ScrollID.scroll, for: .seconds(1), scheduler: mainQueue, latest: true)]
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
        // At most one emission is scheduled at a time, for this run; the output it sends is whatever
        // waits when it fires, so a burst inside one interval sends one output, not one per arrival.
        let scheduled = LockedValue<ScheduledWork?>(nil)
        let upstreamDone = LockedValue(false)
        @Sendable func finishIfDone() {
          let done = upstreamDone.withValue { $0 } && scheduled.withValue { $0 == nil }
          if done { downstream.finish() }
        }
        downstream.onCancel {
          scheduled.withValue { work in
            work?.cancel()
            work = nil
          }
        }
        let upstream = downstream.lifetime.makeChild()
        upstream.onEnd { _ in
          upstreamDone.withValue { $0 = true }
          finishIfDone()
        }
        self.start(in: upstream) { output, provenance in
          let now = scheduler.now
          let wait = throttle.state.withValue { state -> Duration? in
            guard let last = state.lastEmission, now - last < interval else {
              state.lastEmission = now
              state.waiting = nil
              return nil
            }
            if latest || state.waiting == nil { state.waiting = (output, provenance) }
            return last + interval - now
          }
          guard let wait else {
            downstream.receive(output, provenance)
            return
          }
          // Claim the slot first, schedule outside the lock (an immediate scheduler runs the work at
          // once, and the work clears the slot), then keep the handle unless the work already ran.
          let claim = ScheduledWork.done
          let claimed = scheduled.withValue { work -> Bool in
            guard work == nil else { return false }
            work = claim
            return true
          }
          guard claimed else { return }
          let work = scheduler.schedule(after: wait) {
            let sent = throttle.state.withValue { state -> (Output, Provenance?)? in
              defer { state.waiting = nil }
              if state.waiting != nil { state.lastEmission = scheduler.now }
              return state.waiting
            }
            if let (value, provenance) = sent, downstream.lifetime.isRunning {
              downstream.receive(value, provenance)
            }
            scheduled.withValue { $0 = nil }
            finishIfDone()
          }
          scheduled.withValue { if $0 === claim { $0 = work } }
        }
      }
    ).cancellable(id: id, cancelInFlight: true)
  }
}

/// What a throttle id remembers between effects: when an output last passed, and the one waiting
/// (with the cancellable boundaries it came through).
final class ThrottleState<Output: Sendable>: Sendable {
  struct State {
    var lastEmission: SchedulerInstant?
    var waiting: (Output, Provenance?)?
  }
  let state = LockedValue(State())
}
