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
        "No Wolfram|Alpha app id: set WOLFRAM_APP_ID (get one at developer.wolframalpha.com), or use the offline mode."
    case .noAnswer(let n):
      return "The answer did not say what the \(ordinal(n)) prime is. Try again, or use the offline mode."
    case .noSuchPrime(let n):
      return "There is no \(ordinal(n)) prime: primes are counted from the 1st. Count up to 1 or more."
    case .noFact(let number):
      return "No fact came back about \(number). Try again, or use the offline mode."
    case .invalidURL(let address):
      return "Could not build a request for \(address). Check the configured address."
    }
  }

  /// The same as ``message``.
  public var description: String { message }
}
