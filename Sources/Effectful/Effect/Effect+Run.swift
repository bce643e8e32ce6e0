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
  /// Each `await send(…)` hops to the main actor and returns once the store has reduced the output, so
  /// outputs arrive in the order they were sent. The effect finishes when `operation` returns or throws.
  ///
  /// Cancelling the effect (``cancel(id:)``, `cancelInFlight`, the store going away) cancels the task:
  /// `Task.isCancelled` turns true, clock sleeps throw `CancellationError`, and nothing sent afterwards
  /// reaches the store. Nothing sent after `operation` has returned reaches it either (a `Send` that
  /// escaped the operation is closed the moment it returns). A `CancellationError` is never reported.
  /// Any other error goes to `handler`; with no handler, it is reported (on standard error in an app,
  /// as a test failure under a test store), naming the effect's output type and where the effect was
  /// written, whenever the effect started.
  ///
  /// - Parameters:
  ///   - priority: The task's priority.
  ///   - operation: The work; `send` delivers outputs on the main actor.
  ///   - handler: Turns an error `operation` threw into outputs; it runs in the same task, under the
  ///     same cancellation.
  ///   - fileID: Where the effect was written, for the report of an unhandled error.
  ///   - line: Where the effect was written, for the report of an unhandled error.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Output>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Output>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Effect {
    Effect(
      operation: .run { subscriber in
        let channel = RunChannel(subscriber)
        let send = Send<Output> { channel.deliver($0) }
        let lifetime = subscriber.lifetime
        // Counted before the task exists: the store's task for this run waits for it to return.
        lifetime.taskStarted()
        let task = lifetime.registry.startTask(priority: priority) {
          do {
            try await operation(send)
          } catch is CancellationError {
            // Cancelling is how effects normally stop.
          } catch {
            if let handler {
              await handler(error, send)
            } else if !Task.isCancelled {
              RunErrorReporting.report(
                error, outputType: Output.self, fileID: fileID, line: line, lifetime: lifetime)
            }
          }
          // Decided here, in the task, the moment the operation returns, rather than when the end
          // reaches the main queue a turn later: a `send` that escaped and is called after this is
          // never delivered, however its hop races the end's.
          lifetime.taskReturned { channel.hasReturned = true }
        } onEnd: {
          subscriber.finish()
        }
        subscriber.onCancel { task.cancel() }
      })
  }
}

/// Where a `.run` effect's `Send` delivers: to the effect's subscriber, while the operation has not
/// returned and the effect has not been cancelled.
final class RunChannel<Output>: @unchecked Sendable {
  let subscriber: EffectSubscriber<Output>
  /// Set when the operation (and its `catch` handler) has returned. Guarded by the registry's lock,
  /// like the lifetime's state, so that one critical section reads both.
  @exclusivity(unchecked) var hasReturned = false

  init(_ subscriber: EffectSubscriber<Output>) {
    self.subscriber = subscriber
  }

  /// Called on the main actor, by ``Send``.
  func deliver(_ output: Output) {
    let lifetime = subscriber.lifetime
    let registry = lifetime.registry
    registry.lock.lock()
    let isOpen = !hasReturned && lifetime.state == .running
    registry.lock.unlock()
    guard isOpen else { return }
    // What the store starts while reducing this output joins this run's StoreTask. Restored after,
    // in case a delivery is nested in another's.
    let previous = registry.deliveringRun
    registry.deliveringRun = lifetime.topLevel
    subscriber.receive(output, nil)
    registry.deliveringRun = previous
  }
}
