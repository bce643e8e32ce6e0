extension Effect {
  /// An effect that does nothing: return it when an action needs no work.
  ///
  /// ```swift
  /// case .incrementButtonTapped:
  ///   state.count += 1
  ///   return [.none]  // or simply []
  /// ```
  public static var none: Effect {
    Effect(operation: .none)
  }

  /// An effect that delivers `output` at once, synchronously, then finishes.
  ///
  /// ```swift
  /// case .saveButtonTapped:
  ///   return [.send(.saveResponse(.success(())))]
  /// ```
  ///
  /// The store reduces it right after the action that returned it, before anything sent later.
  @inlinable
  public static func send(_ output: Output) -> Effect {
    Effect(operation: .output(output))
  }

  /// An effect that computes its one output when it runs, synchronously, then finishes.
  ///
  /// ```swift
  /// return [.sync { .factResponse(fact(about: count)) }]
  /// ```
  ///
  /// Use it for cheap work that should still stay out of the reducer; move slow work off the store's
  /// thread with ``task(priority:operation:)``.
  public static func sync(_ work: @escaping @Sendable () -> Output) -> Effect {
    Effect(
      operation: .run { subscriber in
        subscriber.send(work())
        subscriber.finish()
      })
  }

  /// An effect that does `work` for its side effect and sends nothing back.
  ///
  /// ```swift
  /// return [.fireAndForget { print("saved") }]
  /// ```
  public static func fireAndForget(_ work: @escaping @Sendable () -> Void) -> Effect {
    Effect(
      operation: .run { subscriber in
        work()
        subscriber.finish()
      })
  }

  /// An effect built on a subscriber: send any number of outputs, finish when done, and stop work
  /// on cancellation.
  ///
  /// ```swift
  /// Effect<Data>.create { subscriber in
  ///   let task = session.dataTask(with: url) { data, _, _ in
  ///     if let data { subscriber.send(data) }
  ///     subscriber.finish()
  ///   }
  ///   subscriber.onCancel { task.cancel() }
  ///   task.resume()
  /// }
  /// ```
  ///
  /// The effect runs until `finish()` is called or it is cancelled: an effect that never finishes
  /// is reported by `TestStore` as still running when the test ends.
  @inlinable
  public static func create(_ body: @escaping @Sendable (EffectSubscriber<Output>) -> Void) -> Effect {
    Effect(operation: .run(body))
  }
}
