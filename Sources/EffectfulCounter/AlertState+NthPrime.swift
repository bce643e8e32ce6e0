import Effectful
import EffectfulPrimes

extension AlertState where Action == Never {
  /// The answer to "what is the nth prime?", as an alert: "The 3rd prime is 5", with an OK
  /// button that dismisses it.
  ///
  /// ```swift
  /// let alert = AlertState.nthPrime(n: 3, prime: 5)
  /// alert.title.string  // "The 3rd prime is 5"
  /// ```
  ///
  /// It names the `n` that was asked, so the title stays right even if the count changed while
  /// the answer was on its way. Its button sends nothing: tapping it, like Esc in the terminal,
  /// dismisses the alert (``CounterAction/alertNthPrime(_:)`` with `.dismiss`).
  public static func nthPrime(n: Int, prime: Int) -> AlertState {
    AlertState {
      TextState("The \(ordinal(n)) prime is \(prime)")
    } actions: {
      ButtonState(role: .cancel) { TextState("OK") }
    }
  }
}
