import Foundation

/// One HTTP request as a ``TestHTTPServer`` received it.
///
/// ```swift
/// let server = try TestHTTPServer { _ in .text("ok") }
/// // … the code under test requests server.url("/search?q=a%26b") …
/// let request = server.requests[0]
/// #expect(request.path == "/search")
/// #expect(request.query == "q=a%26b")
/// #expect(request.queryItems == [URLQueryItem(name: "q", value: "a&b")])
/// #expect(request.header("Accept") == "application/json")
/// ```
///
/// `path` and `query` are exactly the bytes the client sent, still percent-encoded; only
/// `queryItems` is decoded. Header names are stored lowercased, so `headers["content-type"]` and
/// `header("Content-Type")` both work; a header sent twice is joined with ", ".
public struct TestHTTPRequest: Sendable, Equatable {
  /// The request method, e.g. "GET" or "POST".
  public var method: String
  /// The request target as sent, e.g. "/search?q=a%26b".
  public var target: String
  /// The target's path, without the query, still percent-encoded, e.g. "/search".
  public var path: String
  /// The raw query after "?", still percent-encoded, or nil when the target has no "?".
  public var query: String?
  /// The query split on "&" and "=", each name and value percent-decoded; empty pieces are skipped,
  /// and a piece without "=" has a nil value.
  public var queryItems: [URLQueryItem]
  /// The headers, keyed by lowercased name.
  public var headers: [String: String]
  /// The body, after removing any chunked transfer encoding; empty when there was none.
  public var body: Data

  /// Creates a request; the server builds these, tests mostly build them to compare against.
  ///
  /// ```swift
  /// let expected = TestHTTPRequest(method: "GET", target: "/users?id=1")
  /// ```
  ///
  /// `path`, `query` and `queryItems` are derived from `target`; header names are lowercased.
  public init(method: String, target: String, headers: [String: String] = [:], body: Data = Data()) {
    self.method = method
    self.target = target
    if let questionMark = target.firstIndex(of: "?") {
      path = String(target[..<questionMark])
      let query = String(target[target.index(after: questionMark)...])
      self.query = query
      queryItems = Self.queryItems(in: query)
    } else {
      path = target
      query = nil
      queryItems = []
    }
    var lowercased: [String: String] = [:]
    for (name, value) in headers {
      let key = name.lowercased()
      lowercased[key] = lowercased[key].map { "\($0), \(value)" } ?? value
    }
    self.headers = lowercased
    self.body = body
  }

  /// The value of the header `name`, whatever its case, or nil when it was not sent.
  ///
  /// ```swift
  /// #expect(request.header("X-Trace-ID") == "abc")
  /// ```
  public func header(_ name: String) -> String? {
    headers[name.lowercased()]
  }

  /// The body decoded as UTF-8 (invalid bytes become U+FFFD), handy in assertions.
  ///
  /// ```swift
  /// #expect(request.bodyText == #"{"name":"Ada"}"#)
  /// ```
  public var bodyText: String {
    String(decoding: body, as: UTF8.self)
  }

  // Parsed by hand rather than with URLComponents so that what the client sent is what the test
  // sees: URLComponents differs between platforms on edge cases such as "+" and empty pieces.
  static func queryItems(in query: String) -> [URLQueryItem] {
    query.split(separator: "&").map { piece in
      guard let equals = piece.firstIndex(of: "=") else {
        return URLQueryItem(name: percentDecoded(piece), value: nil)
      }
      return URLQueryItem(
        name: percentDecoded(piece[..<equals]),
        value: percentDecoded(piece[piece.index(after: equals)...]))
    }
  }

  private static func percentDecoded(_ text: Substring) -> String {
    String(text).removingPercentEncoding ?? String(text)
  }
}
