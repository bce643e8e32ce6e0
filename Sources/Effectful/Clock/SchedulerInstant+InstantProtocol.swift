/// A scheduler's instant is also a clock's: ``ImmediateClock`` and `TestClock` count time the way
/// `TestScheduler` does, from an origin of their own.
///
/// ```swift
/// let clock = ImmediateClock()
/// let start = clock.now
/// try await clock.sleep(for: .seconds(3))
/// start.duration(to: clock.now)   // 3 seconds
/// ```
extension SchedulerInstant: InstantProtocol {
  /// How long from this instant to `other`: negative when `other` comes first.
  public func duration(to other: SchedulerInstant) -> Duration {
    other.sinceOrigin - sinceOrigin
  }
}
