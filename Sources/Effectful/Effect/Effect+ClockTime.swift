// The time operators on clocks: the same semantics as their scheduler forms (see the Cancellation
// and time article's table), with the work they wait on running on the store's actor: the main
// actor, or the actor a store made elsewhere belongs to.
extension Effect where Output: Sendable {
  /// Starts this effect `duration` from now on `clock`.
  ///
  /// ```swift
  /// return [.send(.hideToast)
  ///   .delay(for: .seconds(2), clock: environment.clock)]
  /// ```
  ///
  /// As ``delay(for:scheduler:)``: nothing starts before the delay has passed, so cancelling it
  /// means the effect never starts. With a `TestClock`, the delay ends when the test advances it.
  public func delay(for duration: Duration, clock: any Clock<Duration>) -> Effect {
    delay(for: duration, scheduler: storeScheduler(for: clock))
  }

  /// Starts this effect only after `duration` passes on `clock` with no newer effect of the same
  /// `id`, and delivers its outputs on the store's actor.
  ///
  /// ```swift
  /// case .queryChanged(let query):
  ///   state.query = query
  ///   return [.run { send in
  ///     await send(.response(try await environment.search(query)))
  ///   }
  ///   .debounce(
  ///     id: CancelID.search, for: .milliseconds(300),
  ///     clock: environment.clock)]
  /// ```
  ///
  /// As ``debounce(id:for:scheduler:)``: each new debounced effect cancels the one still waiting or
  /// running, and `cancel(id:)` cancels it. A test passes a `TestClock` and advances it; the
  /// search's `.run` then runs and its output is reduced before `advance` returns.
  public func debounce(id: some Hashable & Sendable, for duration: Duration, clock: any Clock<Duration>)
    -> Effect
  {
    debounce(id: id, for: duration, scheduler: storeScheduler(for: clock))
  }

  /// Lets at most one output through per `interval` on `clock`, per `id`: the first at once, then
  /// the latest (or the oldest) of those that arrive within the interval.
  ///
  /// ```swift
  /// case .volumeChanged(let level):
  ///   return [.send(.applyVolume(level))
  ///     .throttle(
  ///       id: CancelID.volume, for: .milliseconds(100),
  ///       clock: environment.clock, latest: true)]
  /// ```
  ///
  /// As ``throttle(id:for:scheduler:latest:)``, outputs delivered on the store's actor.
  public func throttle(
    id: some Hashable & Sendable, for interval: Duration, clock: any Clock<Duration>, latest: Bool
  ) -> Effect {
    throttle(id: id, for: interval, scheduler: storeScheduler(for: clock), latest: latest)
  }
}
