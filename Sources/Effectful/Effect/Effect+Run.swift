import Dispatch

extension Effect {
  /// An effect that runs async work in a task, sending any number of outputs back to the store.
  ///
  /// ```swift
  /// case .factButtonTapped:
  ///   state.isLoading = true
  ///   let count = state.count
  ///   return [.run { send in
  ///     await send(.factResponse(try await environment.fact(count)))
  ///   } catch: { error, send in
  ///     await send(.factResponse("No fact about \(count) right now."))
  ///   }]
  /// case .toggleTimerButtonTapped:
  ///   return [.run { send in
  ///     for await _ in environment.clock.timer(interval: .seconds(1)) {
  ///       await send(.timerTick)
  ///     }
  ///   }.cancellable(id: CancelID.timer)]
  /// ```
  ///
  /// Each `await send(…)` hops to the store's actor and returns once it has reduced the output, so
  /// outputs arrive in the order they were sent. The effect finishes when `operation` returns or throws.
  ///
  /// Cancelling the effect (``cancel(id:)``, `cancelInFlight`, the store going away) cancels the task:
  /// `Task.isCancelled` turns true, clock sleeps throw `CancellationError`, and nothing sent afterwards
  /// reaches the store. Nothing sent after `operation` has returned reaches it either: a `Send` that
  /// escaped into a `Task { … }` or a callback is closed the moment the operation returns, and a send
  /// it makes after that (after `finish()` returned, say) is dropped and reported (see ``Send``).
  /// Await work whose sends belong to the run (`async let`, a task group) instead of leaving it
  /// running. A `CancellationError` is never reported.
  /// Any other error goes to `handler`; with no handler, it is reported (on standard error in an app,
  /// as a test failure under a test store), naming the effect's output type and where the effect was
  /// written, whenever the effect started.
  ///
  /// The operation, its child tasks and `handler` read the dependencies of the reduction that
  /// returned the effect (see <doc:Dependencies>): `@Dependency(\.continuousClock)` in a test
  /// store's effect is the test's clock, whenever and wherever the task runs.
  ///
  /// - Parameters:
  ///   - priority: The task's priority; by default the current one, but never above `.medium`:
  ///     an effect's work runs off the main actor and does not compete with it.
  ///   - operation: The work; `send` delivers outputs on the store's actor.
  ///   - handler: Turns an error `operation` threw into outputs; it runs in the same task, under the
  ///     same cancellation.
  ///   - fileID: Where the effect was written, for the report of an unhandled error.
  ///   - line: Where the effect was written, for the report of an unhandled error.
  @inlinable
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Output>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Output>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Effect {
    // Inlinable, so that the closures below are specialized for `Output` where the effect is written:
    // generic, each `.run` looked up the metadata of its channel, subscriber and closures at run time.
    // The dependencies of the reduction returning this effect, kept for its task, which may start
    // later and elsewhere. Only values that differ from the defaults are carried: an app's `.run`
    // pays one task-local read.
    let dependencies = DependencyValues.inForce
    let carried = dependencies.isDefault ? nil : dependencies
    return Effect(
      operation: .run { subscriber in
        let channel = RunChannel(subscriber, fileID: fileID, line: line)
        let send = Send<Output>(on: subscriber.lifetime.registry.otherActor) { channel.deliver($0) }
        channel.start(priority: priority, dependencies: carried) {
          do {
            try await operation(send)
          } catch is CancellationError {
            // Cancelling is how effects normally stop.
          } catch {
            if let handler {
              await handler(error, send)
            } else if !Task.isCancelled {
              RunErrorReporting.report(
                error, outputType: Output.self, fileID: fileID, line: line,
                lifetime: subscriber.lifetime)
            }
          }
          channel.operationReturned()
        }
      })
  }
}

/// One `.run` effect's task and the gate its `Send` delivers through: open while the operation has
/// not returned and the effect has not been cancelled. Not generic, so that what does not depend on
/// the output type is compiled once.
@usableFromInline
class RunGate: @unchecked Sendable {
  @usableFromInline let lifetime: EffectLifetime
  /// Where the effect was written, for the report of a send after its operation returned.
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt
  /// Set when the operation (and its `catch` handler) has returned. Guarded by the registry's lock,
  /// like the lifetime's state, so that one critical section reads both.
  @exclusivity(unchecked) final var hasReturned = false

  @usableFromInline
  init(lifetime: EffectLifetime, fileID: StaticString, line: UInt) {
    self.lifetime = lifetime
    self.fileID = fileID
    self.line = line
  }

  /// Starts the effect's task: `operation`, which ends by calling ``operationReturned()``, then the
  /// end of the effect.
  @usableFromInline
  final func start(
    priority: TaskPriority?, dependencies: DependencyValues?, operation: @escaping @Sendable () async -> Void
  ) {
    let lifetime = lifetime
    // Counted before the task exists: the store's task for this run waits for it to return.
    lifetime.taskStarted()
    // `operation` is handed over as it is, not wrapped in one more async closure: each level is
    // a frame allocated and a call made in every run.
    // A store's own run has no end handler that starts work (no concatenation waits on it), so it
    // may end in its task; any other part of an effect ends on the main queue.
    // With dependencies, the operation runs with them in force: its child tasks inherit them, and
    // its `catch` handler runs inside it.
    var body: @Sendable () async -> Void
    if let dependencies {
      body = { await DependencyValues.withCurrent(dependencies, operation: operation) }
    } else {
      body = operation
    }
    // A run of a presented child's effect, whenever it starts, knows its child: what
    // `await dismiss()` in it dismisses. Other runs pay this nil check.
    if let presented = lifetime.scope?.presented {
      let inner = body
      body = { await PresentedChild.$current.withValue(presented, operation: inner) }
    }
    // A store on another actor takes deliveries from any thread (through its mailbox), so every
    // end may run in the task; only the main actor's ends go through the main queue.
    let registry = lifetime.registry
    let task = Self.startTask(
      priority: priority, starter: registry.taskStarter,
      endsInTask: lifetime.isStoreRun || registry.otherActor != nil,
      operation: body
    ) {
      lifetime.finish()
    }
    lifetime.onCancel { task.cancel() }
  }

  /// The priority of a `.run` effect that names none: the current one, but never above `.medium`.
  /// Effects do their work off the main actor: at the main thread's priority, each task would wait
  /// for a worker of that priority of its own to wake, on Linux, where a medium one is ready
  /// (BENCHMARKS.md, "On a quiet machine").
  static var defaultPriority: TaskPriority {
    let current = Task.currentPriority
    return current > .medium ? .medium : current
  }

  /// Starts the task of a `.run` effect: `operation`, then `onEnd`. In an app (no `starter`) that is
  /// a plain `Task`, and nothing else: no test machinery is on this path beyond a nil check.
  ///
  /// `onEnd` runs on the main queue, like every output, so that what an end starts synchronously
  /// (the next part of a concatenation) delivers there too; a main-queue block rather than an actor
  /// hop, so that the task ends where it is instead of coming back. When `endsInTask`, nothing waits
  /// on the end to start work (a store's own run: see `EffectLifetime.isStoreRun`), and `onEnd` runs
  /// in the task as it returns, saving a main-queue turn per `.run`.
  private static func startTask(
    priority: TaskPriority?,
    starter: (any EffectTaskStarter)?,
    endsInTask: Bool,
    operation: @escaping @Sendable () async -> Void,
    onEnd: @escaping @Sendable () -> Void
  ) -> Task<Void, Never> {
    if let starter {
      return starter.startTask(priority: priority) {
        await operation()
        if endsInTask { onEnd() } else { starter.runOnMainQueue(onEnd) }
      }
    }
    return Task(priority: priority ?? defaultPriority) {
      await operation()
      if endsInTask { onEnd() } else { DispatchQueue.main.async { onEnd() } }
    }
  }

  /// Called in the task, the moment the operation (and its `catch` handler) has returned, rather
  /// than when the end reaches the main queue a turn later: a `send` that escaped and is called
  /// after this is never delivered, however its hop races the end's.
  ///
  /// What defines a late send (`Send`'s rule): the mark is set in the same critical section that
  /// counts the task returned, so it comes before everything that can tell the run is over — its
  /// ``StoreTask`` winding down, the lifetime's end (a test store's `finish()`, a concatenation's
  /// next part) — and a send made after any of those finds it set in ``beginDelivery()``.
  @usableFromInline
  final func operationReturned() {
    lifetime.taskReturned { hasReturned = true }
  }

  /// On the store's actor, just before an output is reduced: whether it may be, and if so, marks
  /// this run as the one delivering, so that what the store starts meanwhile joins this run's
  /// ``StoreTask``. Returns the run that was delivering before, to restore after. The check and the
  /// reduction are one synchronous step on the actor: an output that passed it is reduced before
  /// anything on the actor can see the run over.
  @usableFromInline
  final func beginDelivery() -> (isOpen: Bool, previous: EffectLifetime?) {
    let registry = lifetime.registry
    let (returned, phase) = registry.withState { state -> (Bool, LifetimePhase) in
      (hasReturned, state.phase(of: lifetime))
    }
    let isOpen = !returned && phase == .running
    // Cancelled, a send is dropped quietly: that is how effects stop. Returned, it is a mistake.
    let isLate = returned && phase != .cancelled
    guard isOpen else {
      if isLate { RunErrorReporting.reportLateSend(fileID: fileID, line: line, lifetime: lifetime) }
      return (false, nil)
    }
    let previous = registry.deliveringRun
    registry.deliveringRun = lifetime.topLevel
    return (true, previous)
  }

  @usableFromInline
  final func endDelivery(restoring previous: EffectLifetime?) {
    lifetime.registry.deliveringRun = previous
  }
}

/// Where a `.run` effect's `Send` delivers: to the effect's subscriber, through the gate.
@usableFromInline
final class RunChannel<Output>: RunGate, @unchecked Sendable {
  @usableFromInline let receive: @Sendable (Output, Provenance?) -> Void

  @usableFromInline
  init(_ subscriber: EffectSubscriber<Output>, fileID: StaticString, line: UInt) {
    self.receive = subscriber.receive
    super.init(lifetime: subscriber.lifetime, fileID: fileID, line: line)
  }

  /// Called on the store's actor, by ``Send``.
  @inlinable
  func deliver(_ output: Output) {
    let (isOpen, previous) = beginDelivery()
    guard isOpen else { return }
    receive(output, nil)
    endDelivery(restoring: previous)
  }
}
