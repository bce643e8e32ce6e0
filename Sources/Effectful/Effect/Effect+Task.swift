extension Effect where Output: Sendable {
  /// An effect that runs async work and delivers its result on the main actor, where the store lives.
  ///
  /// ```swift
  /// case .nthPrimeButtonTapped:
  ///   return [
  ///     .task { [count = state.count] in
  ///       .nthPrimeResponse(await environment.nthPrime(count))
  ///     }
  ///   ]
  /// ```
  ///
  /// It is ``run(priority:operation:catch:fileID:line:)`` sending one output. Cancelling the effect
  /// cancels the task (`Task.isCancelled` turns true inside `operation`), and whatever it returns after
  /// that is dropped.
  public static func task(
    priority: TaskPriority? = nil, operation: @escaping @Sendable () async -> Output
  ) -> Effect {
    run(priority: priority) { send in await send(operation()) }
  }

  /// An effect that runs throwing async work, turning an error into an output with `handler`.
  ///
  /// ```swift
  /// return [.task {
  ///   .factResponse(.success(try await environment.fact(count)))
  /// } catch: { error in
  ///   .factResponse(.failure(error))
  /// }]
  /// ```
  ///
  /// A `CancellationError` after the effect was cancelled is dropped like any late output.
  public static func task(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable () async throws -> Output,
    catch handler: @escaping @Sendable (any Error) -> Output
  ) -> Effect {
    task(priority: priority) {
      do {
        return try await operation()
      } catch {
        return handler(error)
      }
    }
  }
}
