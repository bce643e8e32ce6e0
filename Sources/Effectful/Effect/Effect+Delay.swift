extension Effect where Output: Sendable {
  /// Starts this effect `duration` from now on `scheduler`.
  ///
  /// ```swift
  /// return [.send(.hideToast).delay(for: .seconds(2), scheduler: environment.mainQueue)]
  /// ```
  ///
  /// Nothing starts before the delay has passed, so cancelling a delayed request means no request is
  /// ever made, and the pending work item is dropped. (Combine's `delay` instead delays each output;
  /// for an effect that runs once the two agree, and starting late is what lets cancellation cost
  /// nothing.) Either order works with ids: `.cancellable(id:)` outside the delay cancels the wait;
  /// inside it, a `cancel(id:)` processed while waiting still stops the effect before it starts.
  public func delay(for duration: Duration, scheduler: some Scheduler) -> Effect {
    Effect(
      operation: .run { downstream in
        let registry = downstream.lifetime.registry
        // Stamped, so that a `cancellable(id:)` inside still hears a `cancel(id:)` sent while waiting.
        let delayed = downstream.lifetime.makeChild()
        delayed.startSequence = registry.beginDelayedRun()
        delayed.onEnd { _ in
          registry.endDelayedRun()
          downstream.finish()
        }
        let work = scheduler.schedule(after: duration) {
          guard delayed.isRunning else { return }
          self.start(in: delayed, receive: downstream.receive)
        }
        delayed.onCancel { work.cancel() }
      })
  }

  /// Starts this effect only after `duration` passes with no newer effect of the same `id`.
  ///
  /// ```swift
  /// case .searchQueryChanged(let query):
  ///   state.query = query
  ///   return [search(query).debounce(id: SearchID.search, for: .milliseconds(300), scheduler: mainQueue)]
  /// ```
  ///
  /// Each new debounced effect cancels the one still waiting, so only the last of a burst runs.
  public func debounce(id: some Hashable & Sendable, for duration: Duration, scheduler: some Scheduler)
    -> Effect
  {
    delay(for: duration, scheduler: scheduler).cancellable(id: id, cancelInFlight: true)
  }
}
