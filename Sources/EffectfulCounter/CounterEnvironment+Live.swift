import Dispatch
import Effectful
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension CounterEnvironment {
  /// The name of the environment variable an app reads its Wolfram|Alpha app id from.
  ///
  /// ```swift
  /// let appID = ProcessInfo.processInfo.environment[
  ///   CounterEnvironment.appIDVariable]
  /// let environment = CounterEnvironment.live(appID: appID)
  /// ```
  ///
  /// The id is a secret of the user's: read it at run time, never write it in source.
  public static let appIDVariable = "WOLFRAM_APP_ID"

  /// How long a live request may stay silent before it fails: about as long as a person waits for
  /// a fact before giving up. URLSession's default is 60 seconds.
  public static let requestTimeout: Duration = .seconds(10)

  private static var requestTimeoutSeconds: TimeInterval { seconds(requestTimeout) }

  private static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }

  /// The live environment's session: its requests time out after ``requestTimeout``. Also set on
  /// each request, but Linux's shared session was seen to ignore a request's own timeout.
  public static let liveSession: URLSession = {
    let configuration = URLSessionConfiguration.default
    configuration.timeoutIntervalForRequest = requestTimeoutSeconds
    return URLSession(configuration: configuration)
  }()

  /// Asks Wolfram|Alpha for nth primes and numbersapi.com for facts, delivering on `mainQueue`.
  ///
  /// ```swift
  /// let appID = ProcessInfo.processInfo.environment[
  ///   CounterEnvironment.appIDVariable]
  /// let reducer = counterReducer(environment: .live(appID: appID))
  /// ```
  ///
  /// - Parameters:
  ///   - appID: The Wolfram|Alpha app id. Without one, asking for a prime fails with
  ///     ``CounterError/missingAppID``; facts still work.
  ///   - endpoints: Where to send requests: ``LiveEndpoints/production`` or a test server.
  ///   - session: The URLSession to use.
  ///   - mainQueue: Where answers are delivered.
  ///   - requestTimeout: How long a request may stay silent before it fails with a timeout;
  ///     ``requestTimeout`` unless given. (A session of your own may have a shorter deadline of its
  ///     own: ``liveSession``'s is ``requestTimeout``.)
  ///
  /// Failures (no connection, an HTTP error, an answer without a prime) arrive as `.failure` with a
  /// ``CounterError``; cancelling the effect cancels the request. The app id never appears in a
  /// failure: where an answer quotes it (an error page echoing the URL), it reads `<redacted>`.
  public static func live(
    appID: String?,
    endpoints: LiveEndpoints = .production,
    session: URLSession = liveSession,
    mainQueue: any Scheduler = DispatchQueue.main,
    requestTimeout: Duration = Self.requestTimeout
  ) -> CounterEnvironment {
    let timeout = seconds(requestTimeout)
    return CounterEnvironment(
      nthPrime: { n in
        wolframAlphaNthPrime(n, appID: appID, endpoints: endpoints, session: session, timeout: timeout)
      },
      fact: { number in
        numbersAPIFact(about: number, endpoints: endpoints, session: session, timeout: timeout)
      },
      mainQueue: mainQueue)
  }

  static func wolframAlphaNthPrime(
    _ n: Int, appID: String?, endpoints: LiveEndpoints, session: URLSession, timeout: TimeInterval
  ) -> Effect<NthPrimeEvent> {
    guard let appID, !appID.isEmpty else {
      return .send(.answer(.failure(.missingAppID)))
    }
    guard let url = endpoints.wolframAlphaURL(nthPrime: n, appID: appID) else {
      return .send(.answer(.failure(.invalidURL(endpoints.wolframAlpha.absoluteString))))
    }
    return dataTask(with: URLRequest(url: url, timeoutInterval: timeout), session: session)
      .decodeResult(as: WolframAlphaResult.self)
      .map { result in
        // An error page may quote the request URL: the app id must not reach state or logs.
        .answer(
          result.mapError(CounterError.network).flatMap { $0.nthPrime(n) }.mapError { $0.redacting(appID) })
      }
  }

  static func numbersAPIFact(
    about number: Int, endpoints: LiveEndpoints, session: URLSession, timeout: TimeInterval
  ) -> Effect<Result<String, CounterError>>
  {
    guard let url = endpoints.numbersAPIURL(factAbout: number) else {
      return .send(.failure(.invalidURL(endpoints.numbersAPI.absoluteString)))
    }
    return dataTask(with: URLRequest(url: url, timeoutInterval: timeout), session: session)
      .decodeResult(as: NumbersAPIFact.self)
      .map { result in
        result.mapError(CounterError.network).flatMap { fact in
          let text = fact.text.trimmingCharacters(in: .whitespacesAndNewlines)
          return text.isEmpty ? .failure(.noFact(number)) : .success(text)
        }
      }
  }
}
