import Effectful
import EffectfulPrimes

/// Everything the counter screen shows: the count, its fact, the timer, and the nth-prime search.
///
/// ```swift
/// var state = CounterState(count: 3)
/// state.isPrime                    // true
/// // false: "What is the 3rd prime?" can be asked
/// state.isNthPrimeButtonDisabled
/// ```
///
/// Loading flags (`isLoading`, `isNthPrimeButtonDisabled`, `nthPrimeProgress`) are set by the gesture
/// that starts the work and always cleared by its response, whether it succeeded or failed.
public struct CounterState: Equatable, Sendable {
  /// The number on screen.
  public var count: Int
  /// The last fact fetched about a number, or `nil` before the first one.
  public var fact: String?
  /// Whether a fact is being fetched.
  public var isLoading: Bool
  /// Whether the timer is adding one to the count every second.
  public var isTimerRunning: Bool
  /// The answer to "what is the nth prime?", presented as an alert until dismissed (see
  /// `AlertState.nthPrime(n:prime:)`).
  @PresentationState public var alertNthPrime: AlertState<Never>?
  /// Whether the nth-prime button is disabled: it is while a search is in flight.
  public var isNthPrimeButtonDisabled: Bool
  /// How far a long nth-prime search has got, from 0 to 1; `nil` when none is running or it is
  /// too short to report.
  public var nthPrimeProgress: Double?
  /// Why the last fact or nth-prime request failed, or why the count could not move, for the
  /// user; `nil` when there is nothing to say.
  public var errorMessage: String?

  /// Creates a counter state; everything but the count starts idle.
  ///
  /// ```swift
  /// CounterState()           // count 0
  /// CounterState(count: 10)
  /// ```
  public init(
    count: Int = 0,
    fact: String? = nil,
    isLoading: Bool = false,
    isTimerRunning: Bool = false,
    alertNthPrime: AlertState<Never>? = nil,
    isNthPrimeButtonDisabled: Bool = false,
    nthPrimeProgress: Double? = nil,
    errorMessage: String? = nil
  ) {
    self.count = count
    self.fact = fact
    self.isLoading = isLoading
    self.isTimerRunning = isTimerRunning
    self.alertNthPrime = alertNthPrime
    self.isNthPrimeButtonDisabled = isNthPrimeButtonDisabled
    self.nthPrimeProgress = nthPrimeProgress
    self.errorMessage = errorMessage
  }

  /// Whether the count is prime: the screen offers the prime modal's save or remove only then.
  ///
  /// ```swift
  /// CounterState(count: 7).isPrime  // true
  /// CounterState(count: 1).isPrime  // false
  /// ```
  public var isPrime: Bool {
    EffectfulPrimes.isPrime(count)
  }
}
