extension Effect where Output: Sendable {
  /// Lets at most one output through per `interval` for all effects with the same `id`, delivering on
  /// `scheduler`.
  ///
  /// ```swift
  /// case .scrolled(let offset):
  ///   return [.send(.loadMore(offset))
  ///     .throttle(
  ///       id: ScrollID.scroll,
  ///       for: .seconds(1),
  ///       scheduler: mainQueue,
  ///       latest: true)]
  /// ```
  ///
  /// The first output passes at once; it is delivered on `scheduler` (so on a `TestScheduler` it
  /// arrives on the next `advance()`). One arriving sooner than `interval` after the last that
  /// passed is held until the interval is over, and delivered on `scheduler` then; by then it is
  /// replaced by the newest output (`latest: true`) or the oldest one held is kept (`latest:
  /// false`). A newer throttled effect with the same id cancels the older one and takes over what
  /// it held, as in the Composable Architecture. Throttles share their timing by `id` alone,
  /// whatever their output types (a held output of another type is dropped when a throttle of a
  /// different type takes over).
  ///
  /// `cancel(id:)` with the same `id` cancels the effect and drops what it held: nothing arrives after.
  public func throttle(
    id: some Hashable & Sendable, for interval: Duration, scheduler: some Scheduler, latest: Bool
  ) -> Effect {
    let key = EffectID(id)
    let upstream = self
    return Effect(
      operation: .run { downstream in
        // Inside an element's effect, the throttle is that element's own.
        let scopedKey = downstream.lifetime.ownID(key)
        let shared = downstream.lifetime.registry.throttleState(for: scopedKey)
        // Taken before the cancellation below reaches the older throttle, which would drop it.
        let inherited = shared.state.withValue { state in state.held.take() }
        let onActor = StoreActorScheduler(standingIn: scheduler, for: downstream.lifetime.registry)
        Effect(
          operation: .run { run in
            if let onActor {
              throttled(upstream, shared, inherited, interval, onActor, latest, run)
            } else {
              throttled(upstream, shared, inherited, interval, scheduler, latest, run)
            }
          }
        )
        .cancellable(id: id, cancelInFlight: true)
        .start(in: downstream.lifetime, receive: downstream.receive)
      })
  }
}

/// One run of a throttle: `run` is its cancellable part.
private func throttled<Output: Sendable>(
  _ upstream: Effect<Output>, _ shared: ThrottleState, _ inherited: ThrottleState.Held?,
  _ interval: Duration, _ scheduler: some Scheduler, _ latest: Bool, _ run: EffectSubscriber<Output>
) {
  let owner = ObjectIdentifier(run.lifetime)
  // At most one emission is scheduled at a time, for this run; the output it sends is whatever is
  // held when it fires, so a burst inside one interval sends one output, not one per arrival.
  let scheduled = LockedValue<ScheduledWork?>(nil)
  let upstreamDone = LockedValue(false)
  /// Outputs that passed and are hopping to `scheduler`: the run is over only once they have landed.
  let hopping = LockedValue(0)
  @Sendable func finishIfDone() {
    let done =
      upstreamDone.withValue { $0 } && scheduled.withValue { $0 == nil } && hopping.withValue { $0 == 0 }
    if done { run.finish() }
  }
  @Sendable func emitHeld() {
    let sent = shared.state.withValue { state -> ThrottleState.Held? in
      guard let held = state.held, held.owner == owner else { return nil }
      state.held = nil
      state.lastEmission = scheduler.now
      return held
    }
    if let sent, let output = sent.output as? Output, run.lifetime.isRunning {
      run.receive(output, sent.provenance)
    }
    _ = scheduled.take()
    finishIfDone()
  }
  @Sendable func scheduleEmission(after wait: Duration) {
    // Claim the slot first, schedule outside the lock (an immediate scheduler runs the work at once,
    // and the work clears the slot), then keep the handle unless the work already ran.
    let claim = ScheduledWork.done
    let claimed = scheduled.withValue { work -> Bool in
      guard work == nil else { return false }
      work = claim
      return true
    }
    guard claimed else { return }
    let work = scheduler.schedule(after: wait) { emitHeld() }
    scheduled.withValue { if $0 === claim { $0 = work } }
  }
  run.onCancel {
    scheduled.take()?.cancel()
    // Cancelled means cancelled: what this run held never arrives, nor passes to a later throttle.
    shared.state.withValue { state in
      if state.held?.owner == owner { state.held = nil }
    }
  }
  if let inherited, let output = inherited.output as? Output {
    let wait = shared.state.withValue { state -> Duration in
      if state.held == nil {
        state.held = ThrottleState.Held(output: output, provenance: inherited.provenance, owner: owner)
      }
      return state.lastEmission.map { $0 + interval - scheduler.now } ?? .zero
    }
    scheduleEmission(after: max(.zero, wait))
  }
  let source = run.lifetime.makeChild()
  source.onEnd { _ in
    upstreamDone.withValue { $0 = true }
    finishIfDone()
  }
  upstream.start(in: source) { output, provenance in
    let now = scheduler.now
    let wait = shared.state.withValue { state -> Duration? in
      guard let last = state.lastEmission, now - last < interval else {
        state.lastEmission = now
        state.held = nil
        return nil
      }
      if latest || state.held == nil {
        state.held = ThrottleState.Held(output: output, provenance: provenance, owner: owner)
      }
      return last + interval - now
    }
    guard let wait else {
      // Decided here, where it arrived (so its time is its arrival), delivered on the scheduler.
      hopping.withValue { $0 += 1 }
      scheduler.schedule {
        if run.lifetime.isRunning { run.receive(output, provenance) }
        hopping.withValue { $0 -= 1 }
        finishIfDone()
      }
      return
    }
    scheduleEmission(after: wait)
  }
}

/// What a throttle id remembers between effects, whatever their output types: when an output last
/// passed, and the one held (with the cancellable boundaries it came through, and the run holding it).
final class ThrottleState: Sendable {
  struct Held: Sendable {
    var output: any Sendable
    var provenance: Provenance?
    var owner: ObjectIdentifier
  }

  struct State: Sendable {
    var lastEmission: SchedulerInstant?
    var held: Held?
  }

  let state = LockedValue(State())
}
