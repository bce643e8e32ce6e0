import Foundation

/// What a ``TestHTTPServer`` answers to one request, including misbehaviour to test against.
///
/// ```swift
/// let server = try TestHTTPServer { request in
///   switch request.path {
///   case "/user": return .json(User(name: "Ada"))
///   case "/slow": return .text("late").delayed(by: .seconds(30))
///   case "/cut": return .text("0123456789").closingConnection(afterBodyBytes: 4)
///   default: return .text("not found", status: 404)
///   }
/// }
/// ```
///
/// The server always adds `Content-Length` (the full body's length) and `Connection: close`,
/// replacing any values in ``headers``. No body is sent to a HEAD request or with status 1xx, 204
/// or 304.
public struct TestHTTPResponse: Sendable, Equatable {
  /// The status code, e.g. 200 or 404.
  public var status: Int
  /// Headers to send, e.g. `["Content-Type": "application/json"]`.
  public var headers: [String: String]
  /// The body bytes.
  public var body: Data
  /// How long to wait before answering, or nil to answer at once.
  ///
  /// The wait ends early, without answering, when the client disconnects or the server stops, so a
  /// long delay never holds up a test that cancels its request.
  public var delay: Duration?
  /// When set, send the headers (with the full body's `Content-Length`), then only this many body
  /// bytes, then close the connection: the client sees "connection closed mid-body".
  public var closeAfterBodyBytes: Int?

  /// Creates a response; the static helpers below cover the common cases.
  ///
  /// ```swift
  /// TestHTTPResponse(status: 204)
  /// TestHTTPResponse(status: 302, headers: ["Location": "/elsewhere"])
  /// ```
  public init(
    status: Int = 200,
    headers: [String: String] = [:],
    body: Data = Data(),
    delay: Duration? = nil,
    closeAfterBodyBytes: Int? = nil
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.delay = delay
    self.closeAfterBodyBytes = closeAfterBodyBytes
  }

  /// A JSON response whose body is `value` encoded with `encoder`.
  ///
  /// ```swift
  /// .json(["error": "boom"], status: 500)
  /// ```
  ///
  /// If encoding fails the response is a 500 whose text body says why, so the test fails visibly
  /// instead of the handler having to throw.
  public static func json<Value: Encodable>(
    _ value: Value, status: Int = 200, encoder: JSONEncoder = JSONEncoder()
  ) -> TestHTTPResponse {
    do {
      return json(try encoder.encode(value), status: status)
    } catch {
      return text("TestHTTPResponse.json could not encode \(Value.self): \(error)", status: 500)
    }
  }

  /// A JSON response whose body is `json`, already JSON text, sent as UTF-8 without re-encoding.
  ///
  /// ```swift
  /// .json(#"{"id": 1}"#)
  /// ```
  ///
  /// A `String` argument is taken as JSON text, not encoded as a JSON string: `.json("hi")` sends
  /// the invalid JSON `hi`. Use `.json(["hi"])` or similar to send an encoded value.
  public static func json(_ json: String, status: Int = 200) -> TestHTTPResponse {
    self.json(Data(json.utf8), status: status)
  }

  /// A JSON response whose body is the bytes `json`, sent as they are.
  ///
  /// ```swift
  /// .json(try JSONEncoder().encode(user))
  /// ```
  public static func json(_ json: Data, status: Int = 200) -> TestHTTPResponse {
    TestHTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: json)
  }

  /// A plain-text response whose body is `text` in UTF-8.
  ///
  /// ```swift
  /// .text("not found", status: 404)
  /// ```
  public static func text(_ text: String, status: Int = 200) -> TestHTTPResponse {
    TestHTTPResponse(
      status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8))
  }

  /// This response, answered only after `delay` (see ``delay`` for how the wait ends early).
  ///
  /// ```swift
  /// .text("late").delayed(by: .milliseconds(200))
  /// ```
  public func delayed(by delay: Duration) -> TestHTTPResponse {
    var copy = self
    copy.delay = delay
    return copy
  }

  /// This response, cut off after `count` body bytes (see ``closeAfterBodyBytes``).
  ///
  /// ```swift
  /// .json(bigPayload).closingConnection(afterBodyBytes: 10)
  /// ```
  public func closingConnection(afterBodyBytes count: Int) -> TestHTTPResponse {
    var copy = self
    copy.closeAfterBodyBytes = count
    return copy
  }
}
