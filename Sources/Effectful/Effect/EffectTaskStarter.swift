/// Where the effects of one store run their tasks and their main-queue work, when that is not where
/// an app runs them: EffectfulTesting gives each store under test its own executor, so it can tell
/// from state when that store's effects have gone as far as they can. An app never has one.
package protocol EffectTaskStarter: AnyObject, Sendable {
  /// Starts `operation` in a task of `priority`, as the starter places it.
  func startTask(
    priority: TaskPriority?, operation: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never>
  /// Runs `block` on the main queue, counted as work of the store's effects until it has run.
  func runOnMainQueue(_ block: @escaping @Sendable () -> Void)
  /// Waits in virtual time for `isDone`, for a ``StoreTask/finish(file:line:)``: returns `true`
  /// once it holds, or once a failure says that only an advance could make it hold; `false` to wait
  /// as an app does.
  ///
  /// Called by the task that owns that time, it settles and fails at once if only the caller
  /// itself could make it hold (a clock it does not advance). Called by any other task, with
  /// `gracesTheTest`, it waits while the test may still advance, and fails once a grace of real
  /// time has passed with nothing moving; without (`finish(timeout:)`, whose timeout bounds the
  /// wait instead), it returns `false`.
  func finishInVirtualTime(
    until isDone: @escaping @Sendable () -> Bool, gracesTheTest: Bool, file: StaticString, line: UInt
  ) async -> Bool
  /// Looks once more when the `timeout` of a ``StoreTask/finish(timeout:file:line:)`` has passed:
  /// settles virtual time (the effects may not have reached their first sleep yet, when nobody
  /// looked), then returns whether `isDone` holds, reporting at `file`/`line` what the effects wait
  /// on if it does not.
  func finishAfterTimeout(
    until isDone: @escaping @Sendable () -> Bool, timeout: Duration, file: StaticString, line: UInt
  ) async -> Bool
}

/// How a root store finds its starter when it is made: EffectfulTesting installs one that answers
/// for the task making the store (a store made in a test joins that test's virtual time).
package protocol EffectTaskStarterProvider: AnyObject, Sendable {
  /// The starter for a store being made now, or `nil` to run its effects as an app does.
  func starterForNewStore() -> (any EffectTaskStarter)?
}

/// The provider stores consult when they are made; with none installed, as in an app, every store
/// runs its effects as an app does.
package enum EffectTaskStarters {
  // An object, not a closure: a closure read and written back through the lock's generic `inout`
  // gains a reabstraction thunk each time, and enough of them overflow the stack when it is called.
  private static let provider = LockedValue<(any EffectTaskStarterProvider)?>(nil)

  /// Read once per root store, when it is made: never on the path of a `.run`.
  package static func forNewStore() -> (any EffectTaskStarter)? {
    provider.withValue { $0 }?.starterForNewStore()
  }

  /// Makes `provider` the one stores made from now on consult; the first one installed stays.
  package static func install(_ provider: any EffectTaskStarterProvider) {
    self.provider.withValue { installed in
      if installed == nil { installed = provider }
    }
  }
}
