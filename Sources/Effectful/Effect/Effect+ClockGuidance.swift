// A clock passed where a scheduler goes: `.debounce(id:for:scheduler: clock)`, the habit of the
// scheduler spellings, otherwise fails with "requires that 'some Scheduler' conform to 'Scheduler'",
// which does not say that the clock forms exist. These overloads match only what is a clock and not
// a scheduler (they are disfavored, so a `TestClock`, which is both, still takes the scheduler form),
// and the compiler's error names the spelling to write. They never run.

extension Effect where Output: Sendable {
  @_disfavoredOverload
  @available(*, unavailable, message: "a clock goes in `clock:`: write .delay(for:clock:)")
  public func delay<C: Clock<Duration>>(for duration: Duration, scheduler: C) -> Effect {
    fatalError("unavailable")
  }

  @_disfavoredOverload
  @available(*, unavailable, message: "a clock goes in `clock:`: write .debounce(id:for:clock:)")
  public func debounce<C: Clock<Duration>>(id: some Hashable & Sendable, for duration: Duration, scheduler: C)
    -> Effect
  {
    fatalError("unavailable")
  }

  @_disfavoredOverload
  @available(*, unavailable, message: "a clock goes in `clock:`: write .throttle(id:for:clock:latest:)")
  public func throttle<C: Clock<Duration>>(
    id: some Hashable & Sendable, for interval: Duration, scheduler: C, latest: Bool
  ) -> Effect {
    fatalError("unavailable")
  }
}

extension Array {
  @_disfavoredOverload
  @available(*, unavailable, message: "a clock goes in `clock:`: write .delay(for:clock:)")
  public func delay<Action: Sendable, C: Clock<Duration>>(for duration: Duration, scheduler: C) -> Self
  where Element == Effect<Action> {
    fatalError("unavailable")
  }

  @_disfavoredOverload
  @available(*, unavailable, message: "a clock goes in `clock:`: write .debounce(id:for:clock:)")
  public func debounce<Action: Sendable, C: Clock<Duration>>(
    id: some Hashable & Sendable, for duration: Duration, scheduler: C
  ) -> Self where Element == Effect<Action> {
    fatalError("unavailable")
  }

  @_disfavoredOverload
  @available(*, unavailable, message: "a clock goes in `clock:`: write .throttle(id:for:clock:latest:)")
  public func throttle<Action: Sendable, C: Clock<Duration>>(
    id: some Hashable & Sendable, for interval: Duration, scheduler: C, latest: Bool
  ) -> Self where Element == Effect<Action> {
    fatalError("unavailable")
  }
}
