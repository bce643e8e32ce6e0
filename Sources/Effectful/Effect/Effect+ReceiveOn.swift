import Dispatch

extension Effect where Output: Sendable {
  /// Delivers this effect's outputs, and its end, on `scheduler`.
  ///
  /// ```swift
  /// dataTask(with: url)
  ///   .decode(as: WolframResponse.self)
  ///   .receive(on: DispatchQueue.main)
  /// ```
  ///
  /// A ``Store`` on the main actor takes outputs on the main thread only: effects that call back on
  /// other threads (URLSession, global queues) end with `.receive(on: DispatchQueue.main)`. For a
  /// store on another actor, `DispatchQueue.main` here stands for that actor: the outputs are
  /// delivered there, never through the main actor. Outputs still waiting for the scheduler when
  /// the effect is cancelled are dropped.
  public func receive(on scheduler: some Scheduler) -> Effect {
    if case .none = operation { return self }
    return Effect(
      operation: .run { downstream in
        let hop = Self.hop(to: scheduler, for: downstream.lifetime.registry)
        let upstream = downstream.lifetime.makeChild()
        upstream.onEnd { wasCancelled in
          // Scheduled after the outputs, so the end never overtakes them.
          if !wasCancelled { hop { downstream.finish() } }
        }
        self.start(in: upstream) { output, provenance in
          hop {
            if downstream.lifetime.isRunning { downstream.receive(output, provenance) }
          }
        }
      })
  }
}

extension Effect {
  /// How `receive(on:)` hands work to `scheduler`. A hop to the main queue of a store under test goes
  /// through the store's starter, which counts it until it has run: the test then knows that an output
  /// is on its way, instead of guessing from a quiet turn of the main queue. For a store on another
  /// actor, the main queue stands for that actor (see ``StoreActorScheduler``).
  static func hop(
    to scheduler: some Scheduler, for registry: CancellationRegistry
  ) -> @Sendable (@escaping @Sendable () -> Void) -> Void {
    if let onActor = StoreActorScheduler(standingIn: scheduler, for: registry) {
      return { onActor.schedule($0) }
    }
    if let starter = registry.taskStarter, let queue = scheduler as? DispatchQueue,
      MainActorCheck.isMainQueue(queue)
    {
      return { starter.runOnMainQueue($0) }
    }
    return { scheduler.schedule($0) }
  }
}
