extension CounterFeature {
  /// What the counter shows: the count, a fact about it, and whether the fact is loading and the
  /// timer running.
  ///
  /// ```swift
  /// var state = CounterFeature.State(count: 3)
  /// state.fact   // nil until asked for
  /// ```
  public struct State: Equatable, Sendable {
    /// The number on screen.
    public var count: Int
    /// A fact about `count`, or `nil` when none has been fetched since it last changed.
    public var fact: String?
    /// Whether a fact is on its way.
    public var isLoading: Bool
    /// Whether the timer adds one to the count every second.
    public var isTimerRunning: Bool

    /// A counter at `count`, with no fact, nothing loading and the timer off unless said otherwise.
    ///
    /// ```swift
    /// CounterFeature.State(count: 41)
    /// ```
    public init(count: Int = 0, fact: String? = nil, isLoading: Bool = false, isTimerRunning: Bool = false) {
      self.count = count
      self.fact = fact
      self.isLoading = isLoading
      self.isTimerRunning = isTimerRunning
    }
  }
}
