// The tutorial's operators, chained on the effects a reducer returns: `return .run { … }
// .cancellable(id: CancelID.timer)`. An operator applies to the array's effects together, as it
// would to `Effect.merge(array)`, and returns a one-element array, so one operator makes one effect
// whatever the array held. On an empty array (`.none`) every operator returns an empty array, as the
// tutorial's operators on `.none` return `.none`: nothing to delay, and nothing cancelled in flight.
// `map` is the exception: it maps each effect and keeps the count, which means the same.

extension Array {
  /// Makes the effects cancellable, together, under `id`.
  ///
  /// ```swift
  /// return .run { send in
  ///   while true {
  ///     try await Task.sleep(for: .seconds(1))
  ///     await send(.timerTick)
  ///   }
  /// }
  /// .cancellable(id: CancelID.timer)
  /// ```
  ///
  /// See ``Effect/cancellable(id:cancelInFlight:)``. On several effects, `.cancel(id:)` stops them
  /// all. On an empty array it returns `[]`, even with `cancelInFlight`: to cancel, return
  /// `.cancel(id:)`.
  @inlinable
  public func cancellable<Action: Sendable>(
    id: some Hashable & Sendable, cancelInFlight: Bool = false
  ) -> Self where Element == Effect<Action> {
    isEmpty ? [] : Self(only: merged().cancellable(id: id, cancelInFlight: cancelInFlight))
  }

  /// Starts the effects after `duration` on `scheduler`, or not at all if they are cancelled first.
  ///
  /// ```swift
  /// return .send(.hideToast)
  ///   .delay(for: .seconds(2), scheduler: environment.mainQueue)
  /// ```
  ///
  /// See ``Effect/delay(for:scheduler:)``, applied to the effects together.
  public func delay<Action: Sendable>(
    for duration: Duration, scheduler: some Scheduler
  ) -> Self where Element == Effect<Action> {
    isEmpty ? [] : Self(only: merged().delay(for: duration, scheduler: scheduler))
  }

  /// Starts the effects after `duration` of quiet under `id`: a newer debounced effect with the
  /// same id replaces this one while it waits.
  ///
  /// ```swift
  /// return .send(.search(query))
  ///   .debounce(
  ///     id: CancelID.search, for: .milliseconds(300),
  ///     scheduler: mainQueue)
  /// ```
  ///
  /// See ``Effect/debounce(id:for:scheduler:)``, applied to the effects together.
  public func debounce<Action: Sendable>(
    id: some Hashable & Sendable, for duration: Duration, scheduler: some Scheduler
  ) -> Self where Element == Effect<Action> {
    isEmpty ? [] : Self(only: merged().debounce(id: id, for: duration, scheduler: scheduler))
  }

  /// Lets at most one output a `interval` through under `id`: the first, or with `latest` the
  /// newest of those held back.
  ///
  /// ```swift
  /// return .send(.scrolled(offset))
  ///   .throttle(
  ///     id: ID.scroll, for: .seconds(1), scheduler: mainQueue,
  ///     latest: true)
  /// ```
  ///
  /// See ``Effect/throttle(id:for:scheduler:latest:)``, applied to the effects together.
  public func throttle<Action: Sendable>(
    id: some Hashable & Sendable, for interval: Duration, scheduler: some Scheduler, latest: Bool
  ) -> Self where Element == Effect<Action> {
    isEmpty ? [] : Self(only: merged().throttle(id: id, for: interval, scheduler: scheduler, latest: latest))
  }

  /// Transforms every action the effects send: lifts a child feature's effects into its parent's.
  ///
  /// ```swift
  /// case .counter(let action):
  ///   return counterReducer(&state.counter, action).map(AppAction.counter)
  /// ```
  ///
  /// Each effect is mapped with ``Effect/map(_:)``, so the array keeps its count, and the child's
  /// `forEach` and `ifLet` still stop the effects of what leaves its state. This `map` is
  /// the one Swift picks only when the closure takes an action: a closure that takes an effect
  /// (`effects.map { $0.map(f) }`, `effects.map { "\($0)" }`) still calls the standard library's
  /// `map` over the elements, as it always did.
  @_disfavoredOverload
  @inlinable
  public func map<Action, NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> [Effect<NewAction>] where Element == Effect<Action> {
    map { $0.map(transform) }
  }
}
