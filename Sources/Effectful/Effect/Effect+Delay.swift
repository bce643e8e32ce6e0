extension Effect where Output: Sendable {
  /// Starts this effect `duration` from now on `scheduler`.
  ///
  /// ```swift
  /// return [
  ///   .send(.hideToast)
  ///     .delay(for: .seconds(2), scheduler: environment.mainQueue)
  /// ]
  /// ```
  ///
  /// Nothing starts before the delay has passed, so cancelling a delayed request means no request is
  /// ever made, and the pending work item (with everything it captured) is released at once.
  /// (Combine's `delay` instead delays each output; for an effect that runs once the two agree, and
  /// starting late is what lets cancellation cost nothing.)
  ///
  /// A cancellation reaches the effects running when the store processes it, and while the delay
  /// waits, what runs is the wait. So put the id **outside** to cancel a delayed effect:
  /// `effect.delay(for: .seconds(1), scheduler: s).cancellable(id: ID.toast)`. A
  /// `.cancellable(id:)` **inside** the delay does not exist yet while it waits: a `cancel(id:)`
  /// processed then does not reach it, and it starts on time (which is what lets
  /// `.cancellable(id:cancelInFlight: true)` work inside a delay or a debounce).
  public func delay(for duration: Duration, scheduler: some Scheduler) -> Effect {
    Effect(
      operation: .run { downstream in
        if let onActor = StoreActorScheduler(standingIn: scheduler, for: downstream.lifetime.registry) {
          self.start(after: duration, on: onActor, downstream)
        } else {
          self.start(after: duration, on: scheduler, downstream)
        }
      })
  }

  /// The delayed start, on the scheduler the store's isolation picked.
  private func start(
    after duration: Duration, on scheduler: some Scheduler, _ downstream: EffectSubscriber<Output>
  ) {
    let delayed = downstream.lifetime.makeChildFinishingParent()
    let work = scheduler.schedule(after: duration) {
      guard delayed.isRunning else { return }
      self.start(in: delayed, receive: downstream.receive)
    }
    delayed.onCancel { work.cancel() }
  }

  /// Starts this effect only after `duration` passes with no newer effect of the same `id`, and
  /// delivers its outputs on `scheduler`.
  ///
  /// ```swift
  /// case .searchQueryChanged(let query):
  ///   state.query = query
  ///   return [
  ///     search(query).debounce(
  ///       id: SearchID.search, for: .milliseconds(300), scheduler: mainQueue)
  ///   ]
  /// ```
  ///
  /// Each new debounced effect cancels the one still waiting (or running), so only the last of a burst
  /// runs. `cancel(id:)` with the same `id` cancels it, waiting or running. Outputs hop to
  /// `scheduler` even when the effect produces them elsewhere (a URLSession callback), so with
  /// `DispatchQueue.main` they reach the store on its thread (on its actor, for a store on another
  /// actor: see ``receive(on:)``).
  public func debounce(id: some Hashable & Sendable, for duration: Duration, scheduler: some Scheduler)
    -> Effect
  {
    receive(on: scheduler).delay(for: duration, scheduler: scheduler).cancellable(
      id: id, cancelInFlight: true)
  }
}
