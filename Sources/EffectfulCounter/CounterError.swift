import Effectful
import EffectfulPrimes

/// Why the counter could not get a fact or an nth prime, with a message for the user.
///
/// ```swift
/// case .factResponse(.failure(let error)):
///   state.isLoading = false
///   state.errorMessage = error.message
/// ```
public enum CounterError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The request did not produce an answer: no connection, an HTTP error, or a body that did not
  /// decode.
  case network(NetworkError)
  /// Wolfram|Alpha answered, but with an error of its own (an invalid app id, say).
  case wolframAlpha(String)
  /// The live environment was asked for a prime but has no Wolfram|Alpha app id.
  case missingAppID
  /// The answer held no prime for this `n`.
  case noAnswer(n: Int)
  /// There is no `n`-th prime for this `n`: primes are counted from 1.
  case noSuchPrime(n: Int)
  /// The `n`-th prime would take too long to find here: this search goes up to the `limit`-th
  /// (see `largestNthPrimeWithinReach`). The prime is about `estimate`; nil when it is larger
  /// than `Int.max`.
  case beyondReach(n: Int, limit: Int, estimate: Int?)
  /// The count is already `Int.max` (counting up) or `Int.min` (counting down): it stays there.
  case countAtLimit(Int)
  /// The answer held no fact about the number.
  case noFact(Int)
  /// The request could not be built from the configured address.
  case invalidURL(String)

  /// A sentence for the user: what went wrong and what to do.
  public var message: String {
    switch self {
    case .network(let error):
      return error.message
    case .wolframAlpha(let reason):
      return "Wolfram|Alpha could not answer: \(reason). Check WOLFRAM_APP_ID, or use the offline mode."
    case .missingAppID:
      return
        "No Wolfram|Alpha app id: set WOLFRAM_APP_ID (get one at developer.wolframalpha.com), "
          + "or use the offline mode."
    case .noAnswer(let n):
      return "The answer did not say what the \(ordinal(n)) prime is. Try again, or use the offline mode."
    case .noSuchPrime(let n):
      return "There is no \(ordinal(n)) prime: primes are counted from the 1st. Count up to 1 or more."
    case .beyondReach(let n, let limit, let estimate):
      let size =
        estimate.map { "it is about \(grouped($0))" }
        ?? "it is larger than \(grouped(.max)), the largest whole number the app can hold"
      return
        "The \(ordinal(n)) prime is beyond this search's reach (it finds up to the \(grouped(limit))th "
          + "prime, under a minute's work): \(size)."
    case .countAtLimit(let count):
      return count == .max
        ? "The count is at its largest, \(grouped(count)): it cannot go higher."
        : "The count is at its smallest, \(grouped(count)): it cannot go lower."
    case .noFact(let number):
      return "No fact came back about \(number). Try again, or use the offline mode."
    case .invalidURL(let address):
      return "Could not build a request for \(address). Check the configured address."
    }
  }

  /// The same as ``message``.
  public var description: String { message }
}

/// `1234567` as "1,234,567": a long number read at a glance.
private func grouped(_ number: Int) -> String {
  let digits = String(number.magnitude)
  var result = ""
  for (index, digit) in digits.enumerated() {
    if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
    result.append(digit)
  }
  return (number < 0 ? "-" : "") + result
}
