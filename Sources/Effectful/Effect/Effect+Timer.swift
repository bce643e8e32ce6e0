extension Effect where Output == SchedulerInstant {
  /// A cancellable effect that sends the scheduler's time every `interval`, until cancelled.
  ///
  /// ```swift
  /// case .toggleTimerButtonTapped:
  ///   state.isTimerRunning.toggle()
  ///   return state.isTimerRunning
  ///     ? [
  ///       Effect.timer(
  ///         id: TimerID.timer, every: .seconds(1), on: environment.mainQueue
  ///       ).map { _ in .timerTick }
  ///     ]
  ///     : [.cancel(id: TimerID.timer)]
  /// ```
  ///
  /// The first tick comes one `interval` after the start. Starting a timer with an id that is already
  /// ticking replaces it. It never finishes on its own: cancel it, or `TestStore` reports it running.
  public static func timer(
    id: some Hashable & Sendable, every interval: Duration, on scheduler: some Scheduler
  ) -> Effect {
    Effect.create { subscriber in
      let work: ScheduledWork
      if let onActor = StoreActorScheduler(standingIn: scheduler, for: subscriber.lifetime.registry) {
        work = onActor.schedule(after: interval, every: interval) { subscriber.send(onActor.now) }
      } else {
        work = scheduler.schedule(after: interval, every: interval) { subscriber.send(scheduler.now) }
      }
      subscriber.onCancel { work.cancel() }
    }
    .cancellable(id: id, cancelInFlight: true)
  }
}
