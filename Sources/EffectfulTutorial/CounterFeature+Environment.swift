import EffectfulPrimes

extension CounterFeature {
  /// What the counter needs from the world: facts about numbers, and a clock for the timer.
  ///
  /// ```swift
  /// let test = CounterFeature.Environment(
  ///   fact: { "\($0) is a good number." },
  ///   clock: TestClock())
  /// // local facts, real time
  /// let offline = CounterFeature.Environment()
  /// // local facts, no waiting
  /// let demo = CounterFeature.Environment(clock: ImmediateClock())
  /// // numbersapi.com
  /// let live = CounterFeature.Environment.live()
  /// ```
  ///
  /// It is a plain value: the app, a preview and each test build the one they need.
  public struct Environment: Sendable {
    /// A fact about a number.
    public var fact: @Sendable (Int) async throws -> String
    /// The clock the timer ticks on: `ContinuousClock()` in the app, a `TestClock` in tests,
    /// `ImmediateClock` for demos.
    public var clock: any Clock<Duration>

    /// An environment from its two dependencies; facts computed locally and the real clock unless
    /// given.
    ///
    /// ```swift
    /// CounterFeature.Environment(clock: ImmediateClock())
    /// ```
    public init(
      fact: @escaping @Sendable (Int) async throws -> String = { EffectfulPrimes.fact(about: $0) },
      clock: any Clock<Duration> = ContinuousClock()
    ) {
      self.fact = fact
      self.clock = clock
    }
  }
}
