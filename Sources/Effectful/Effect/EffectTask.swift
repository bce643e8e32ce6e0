import Dispatch

extension CancellationRegistry {
  /// Starts the task of a `.run` effect: `operation`, then `onEnd` on the main queue.
  ///
  /// The one place a `.run` effect's task is made, so that what decides where it runs (and what a
  /// test's virtual time must know of it) lives here and not in every operator.
  package func startTask(
    priority: TaskPriority?,
    operation: @escaping @Sendable () async -> Void,
    onEnd: @escaping @Sendable () -> Void
  ) -> Task<Void, Never> {
    let tracked = EffectTaskTracker.shared.begin()
    return Task(priority: priority) {
      await EffectTaskTracker.$currentRun.withValue(tracked) {
        await operation()
      }
      // Finished on the main actor, like every output: what an end starts synchronously (the next
      // part of a concatenation) delivers there too. A main-queue block rather than an actor hop,
      // so the task ends here instead of coming back. Under the run's identity, so that runs it
      // starts count for the same test clock; and before the tracker hears of the end, so that
      // once a test clock sees every run idle, whatever the end started has been reduced.
      DispatchQueue.main.async {
        EffectTaskTracker.$currentRun.withValue(tracked) { onEnd() }
        EffectTaskTracker.shared.end(tracked)
      }
    }
  }
}
