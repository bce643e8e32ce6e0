extension CounterFeature {
  /// What can happen to the counter: the user's gestures, and what the effects send back.
  ///
  /// ```swift
  /// store.send(.incrementButtonTapped)
  /// ```
  public enum Action: Equatable, Sendable {
    /// The "−" button: one less.
    case decrementButtonTapped
    /// The "+" button: one more.
    case incrementButtonTapped
    /// The "Fact" button: fetch a fact about the count.
    case factButtonTapped
    /// A fact arrived (or a sentence saying why none could be fetched).
    case factResponse(String)
    /// The timer button: start the timer, or stop it.
    case toggleTimerButtonTapped
    /// A second passed on the running timer.
    case timerTick
  }
}
