extension Effect where Output: Sendable {
  /// Delivers this effect's outputs, and its end, on `scheduler`.
  ///
  /// ```swift
  /// dataTask(with: url)
  ///   .decode(as: WolframResponse.self)
  ///   .receive(on: DispatchQueue.main)
  /// ```
  ///
  /// A ``Store`` lives on the main actor: effects that call back on other threads (URLSession, global
  /// queues) end with `.receive(on: DispatchQueue.main)`. Outputs still waiting for the scheduler when
  /// the effect is cancelled are dropped.
  public func receive(on scheduler: some Scheduler) -> Effect {
    if case .none = operation { return self }
    return Effect(
      operation: .run { downstream in
        let upstream = downstream.lifetime.makeChild()
        upstream.onEnd { wasCancelled in
          // Scheduled after the outputs, so the end never overtakes them.
          if !wasCancelled { scheduler.schedule { downstream.finish() } }
        }
        self.start(in: upstream) { output, provenance in
          scheduler.schedule {
            if downstream.lifetime.isRunning { downstream.receive(output, provenance) }
          }
        }
      })
  }
}
