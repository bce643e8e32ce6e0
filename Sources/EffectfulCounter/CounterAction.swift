import Effectful

/// What happens on the counter screen: the user's gestures, and the answers their effects send back.
///
/// ```swift
/// store.send(.incrementButtonTapped)
/// // later: .nthPrimeResponse(n: 1, .success(2))
/// store.send(.nthPrimeButtonTapped)
/// ```
///
/// Gestures are named for what the user did; responses for what came back.
public enum CounterAction: Equatable, Sendable {
  /// "−" was tapped: the count goes down by one.
  case decrementButtonTapped
  /// "+" was tapped: the count goes up by one.
  case incrementButtonTapped
  /// A number was typed into the count field: the count becomes `n`.
  case countEntered(Int)
  /// "Fact" was tapped: fetch a fact about the count.
  case factButtonTapped
  /// A fact arrived, or the reason there is none.
  case factResponse(Result<String, CounterError>)
  /// "Cancel" was tapped while a fact was loading: stop waiting for it.
  case factCancelButtonTapped
  /// The timer button was tapped: start counting up once a second, or stop.
  case toggleTimerButtonTapped
  /// One second of the running timer passed: the count goes up by one.
  case timerTick
  /// "What is the nth prime?" was tapped: look up the count-th prime.
  case nthPrimeButtonTapped
  /// A long nth-prime search got further: the fraction done, in `0..<1`.
  case nthPrimeProgress(Double)
  /// The nth-prime search for `n` ended with the prime, or why there is none.
  case nthPrimeResponse(n: Int, Result<Int, CounterError>)
  /// "Cancel" was tapped while the nth-prime search ran: stop it.
  case nthPrimeCancelButtonTapped
  /// The nth-prime alert: `.dismiss` when its OK button was tapped (its only button sends
  /// nothing else).
  case alertNthPrime(PresentationAction<Never>)
  /// The error message was dismissed.
  case errorDismissButtonTapped
}

extension CounterAction {
  /// Picks the alert's actions out of the counter's, for `ifLet`.
  public static let alertNthPrimeCase = CasePath(CounterAction.alertNthPrime) { action in
    guard case .alertNthPrime(let alertAction) = action else { return nil }
    return alertAction
  }
}
