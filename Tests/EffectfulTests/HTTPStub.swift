import EffectfulHTTPTestSupport

enum HTTPStub {
  /// A loopback server answering like numbersapi.com's `/N/trivia?json`.
  static func numbersAPI() throws -> TestHTTPServer {
    try TestHTTPServer { request in
      request.path == "/7/trivia"
        ? .json(
          #"{"text": "7 is the number of days in a week.", "number": 7, "found": true, "type": "trivia"}"#)
        : .text("not found", status: 404)
    }
  }
}
