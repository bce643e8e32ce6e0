// The clock forms of the tutorial's time operators, chained on the effects a reducer returns, with
// the same rule as the scheduler forms (see `Array+EffectOperators.swift`): the effects together,
// one effect out, nothing out of `.none`.

extension Array {
  /// Starts the effects after `duration` on `clock`, or not at all if they are cancelled first.
  ///
  /// ```swift
  /// return .send(.hideToast)
  ///   .delay(for: .seconds(2), clock: environment.clock)
  /// ```
  ///
  /// See ``Effect/delay(for:clock:)``, applied to the effects together.
  public func delay<Action: Sendable>(
    for duration: Duration, clock: any Clock<Duration>
  ) -> Self where Element == Effect<Action> {
    isEmpty ? [] : Self(only: merged().delay(for: duration, clock: clock))
  }

  /// Starts the effects only after `duration` passes on `clock` with no newer effect of `id`.
  ///
  /// ```swift
  /// return .run { send in
  ///   await send(.response(try await environment.search(query)))
  /// }
  /// .debounce(
  ///   id: CancelID.search, for: .milliseconds(300),
  ///   clock: environment.clock)
  /// ```
  ///
  /// See ``Effect/debounce(id:for:clock:)``, applied to the effects together.
  public func debounce<Action: Sendable>(
    id: some Hashable & Sendable, for duration: Duration, clock: any Clock<Duration>
  ) -> Self where Element == Effect<Action> {
    isEmpty ? [] : Self(only: merged().debounce(id: id, for: duration, clock: clock))
  }

  /// Lets at most one output through per `interval` on `clock`, per `id`.
  ///
  /// ```swift
  /// return .send(.applyVolume(level))
  ///   .throttle(
  ///     id: CancelID.volume, for: .milliseconds(100),
  ///     clock: environment.clock, latest: true)
  /// ```
  ///
  /// See ``Effect/throttle(id:for:clock:latest:)``, applied to the effects together.
  public func throttle<Action: Sendable>(
    id: some Hashable & Sendable, for interval: Duration, clock: any Clock<Duration>, latest: Bool
  ) -> Self where Element == Effect<Action> {
    isEmpty
      ? [] : Self(only: merged().throttle(id: id, for: interval, clock: clock, latest: latest))
  }
}
