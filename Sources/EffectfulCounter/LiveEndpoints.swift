import Foundation

/// Where the live environment sends its requests, and how it builds them.
///
/// ```swift
/// LiveEndpoints.production.wolframAlphaURL(nthPrime: 3, appID: "DEMO")
/// // https://api.wolframalpha.com/v2/query?input=prime%203
/// //   &format=plaintext&output=JSON&appid=DEMO
/// LiveEndpoints.production.numbersAPIURL(factAbout: 42)
/// // http://numbersapi.com/42/trivia?json
///
/// // a test server on 127.0.0.1
/// let local = LiveEndpoints(serverAt: server.baseURL)
/// ```
///
/// numbersapi.com is plain HTTP: it offers no HTTPS. On Apple platforms an app needs an App
/// Transport Security exception for that host.
public struct LiveEndpoints: Equatable, Sendable {
  /// Wolfram|Alpha's full-results query API.
  public var wolframAlpha: URL
  /// The root of numbersapi.com; a fact about `n` is at `<root>/n/trivia`.
  public var numbersAPI: URL

  /// Creates endpoints from the two addresses.
  ///
  /// ```swift
  /// LiveEndpoints(wolframAlpha: queryURL, numbersAPI: numbersRoot)
  /// ```
  public init(wolframAlpha: URL, numbersAPI: URL) {
    self.wolframAlpha = wolframAlpha
    self.numbersAPI = numbersAPI
  }

  /// Both APIs served under one base address, at the paths the real services use:
  /// `<base>/v2/query` and `<base>/n/trivia`. Meant for a test server.
  ///
  /// ```swift
  /// let server = try TestHTTPServer { request in … }
  /// let environment = CounterEnvironment.live(
  ///   appID: "TEST",
  ///   endpoints: LiveEndpoints(serverAt: server.baseURL))
  /// ```
  public init(serverAt base: URL) {
    self.init(
      wolframAlpha: base.appendingPathComponent("v2").appendingPathComponent("query"),
      numbersAPI: base)
  }

  /// The real services: `https://api.wolframalpha.com/v2/query` and `http://numbersapi.com`.
  public static let production = LiveEndpoints(
    wolframAlpha: literalURL("https://api.wolframalpha.com/v2/query"),
    numbersAPI: literalURL("http://numbersapi.com"))

  /// The Wolfram|Alpha query for the `n`-th prime, as plain text in JSON, signed with `appID`.
  ///
  /// ```swift
  /// LiveEndpoints.production.wolframAlphaURL(nthPrime: 10, appID: "A+B")
  /// // …/v2/query?input=prime%2010&format=plaintext&output=JSON&appid=A%2BB
  /// ```
  ///
  /// Every query value is percent-encoded except for unreserved characters (RFC 3986), so an app id
  /// holding `&`, `=` or `+` reaches the server intact. Returns nil only if the endpoint cannot
  /// carry a query.
  public func wolframAlphaURL(nthPrime n: Int, appID: String) -> URL? {
    let parameters = [
      ("input", "prime \(n)"),
      ("format", "plaintext"),
      ("output", "JSON"),
      ("appid", appID),
    ]
    guard var components = URLComponents(url: wolframAlpha, resolvingAgainstBaseURL: false) else {
      return nil
    }
    var items: [URLQueryItem] = []
    for (name, value) in parameters {
      guard let encoded = value.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed)
      else { return nil }
      items.append(URLQueryItem(name: name, value: encoded))
    }
    components.percentEncodedQueryItems = items
    return components.url
  }

  /// The numbersapi.com trivia about `number`, asked for as JSON.
  ///
  /// ```swift
  /// // http://numbersapi.com/-7/trivia?json
  /// LiveEndpoints.production.numbersAPIURL(factAbout: -7)
  /// ```
  public func numbersAPIURL(factAbout number: Int) -> URL? {
    let url = numbersAPI.appendingPathComponent(String(number)).appendingPathComponent("trivia")
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
    components.percentEncodedQuery = "json"
    return components.url
  }
}

extension CharacterSet {
  /// RFC 3986's unreserved characters: the only ones safe unescaped in a query value. Foundation's
  /// `urlQueryAllowed` leaves `&`, `=` and `+` alone, which would split or alter a value.
  static let urlQueryValueAllowed = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

/// A URL written in the source. A typo in one is a programming error found by the first test run,
/// not a condition to handle at run time.
private func literalURL(_ string: StaticString) -> URL {
  guard let url = URL(string: "\(string)") else {
    preconditionFailure("\(string) is not a valid URL")
  }
  return url
}
