import Dispatch

/// Starts the tasks of `.run` effects somewhere other than the global executor: what a test's
/// virtual time installs (EffectfulTesting runs every `.run` of a test on one serial executor, so it
/// knows exactly when the work it woke has gone as far as it can). An app never installs one.
package protocol EffectTaskStarter: AnyObject, Sendable {
  /// Starts `operation` in a task of `priority`, as the starter places it.
  func startTask(priority: TaskPriority?, operation: @escaping @Sendable () async -> Void) -> Task<Void, Never>
}

/// The starter stores made from now on use: `nil` until EffectfulTesting installs its own.
package enum EffectTaskStarters {
  private static let slot = LockedValue<(any EffectTaskStarter)?>(nil)

  /// Read once per registry, when a store is made: never on the path of a `.run`.
  package static var installed: (any EffectTaskStarter)? {
    slot.withValue { $0 }
  }

  /// Makes `starter` the one every store made afterwards uses; the first one installed stays.
  package static func install(_ starter: any EffectTaskStarter) {
    slot.withValue { installed in
      if installed == nil { installed = starter }
    }
  }
}

extension CancellationRegistry {
  /// The priority of a `.run` effect that names none: the current one, but never above `.medium`.
  /// Effects do their work off the main actor; inheriting the main thread's priority made each one
  /// wait for a thread of that priority's own, on Linux, a wake-up that tripled run.roundTrip (43 µs
  /// against 12 µs for a bare detached task, on a quiet machine; BENCHMARKS.md).
  package static var effectPriority: TaskPriority {
    let current = Task.currentPriority
    return current > .medium ? .medium : current
  }

  /// Starts the task of a `.run` effect: `operation`, then `onEnd`.
  ///
  /// In an app that is a plain `Task`, and nothing else: no test machinery is on this path beyond the
  /// nil check of a field read once per store.
  ///
  /// `onEnd` runs on the main queue, like every output, so that what an end starts synchronously
  /// (the next part of a concatenation) delivers there too; a main-queue block rather than an actor
  /// hop, so that the task ends where it is instead of coming back. When `endsInTask`, nothing waits
  /// on the end to start work (a store's own run: see `EffectLifetime.isStoreRun`), and `onEnd` runs
  /// in the task as it returns: a main-queue turn saved per `.run` (run.roundTrip measures it).
  package func startTask(
    priority: TaskPriority?,
    endsInTask: Bool = false,
    operation: @escaping @Sendable () async -> Void,
    onEnd: @escaping @Sendable () -> Void
  ) -> Task<Void, Never> {
    if let taskStarter {
      return taskStarter.startTask(priority: priority) {
        await operation()
        if endsInTask { onEnd() } else { DispatchQueue.main.async { onEnd() } }
      }
    }
    return Task(priority: priority ?? Self.effectPriority) {
      await operation()
      if endsInTask { onEnd() } else { DispatchQueue.main.async { onEnd() } }
    }
  }
}
