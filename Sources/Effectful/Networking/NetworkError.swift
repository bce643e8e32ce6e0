import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why a request did not produce the value it was decoded as.
///
/// ```swift
/// switch result {
/// case .success(let fact): state.fact = fact
/// case .failure(let error): state.alert = error.message
/// }
/// ```
public enum NetworkError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The request never got an HTTP answer (no connection, timeout, cancelled): URLError's code and text.
  case transport(code: Int, description: String)
  /// The server answered with a status outside 200–299; `body` is the start of what it said.
  case httpStatus(Int, body: String)
  /// The answer was not valid for the expected type; `body` is the start of it.
  case undecodable(type: String, reason: String, body: String)
  /// The request succeeded but the response was not HTTP, or its body was empty (a 204, or a 200
  /// with no bytes): there is nothing to decode.
  case emptyResponse

  /// A sentence for the user: what went wrong and what to try.
  public var message: String {
    switch self {
    case .transport(let code, let description):
      return
        "The request failed: \(Self.sentence(forURLErrorCode: code) ?? String(description.trimmingPeriod)). "
        + "Check the connection and try again."
    case .httpStatus(let status, let body):
      let detail = body.isEmpty ? "" : " (\(body))"
      return "The server answered \(status)\(detail). Try again later."
    case .undecodable(let type, let reason, _):
      return "The server's answer could not be read as \(type): \(reason.trimmingPeriod)."
    case .emptyResponse:
      return "The server sent an empty response."
    }
  }

  /// The same as ``message``, so `"\(error)"` reads well: `print(error)`.
  public var description: String { message }

  /// Plain words for the failures people meet; Linux's URLSession reports them as bare error numbers.
  static func sentence(forURLErrorCode code: Int) -> String? {
    switch code {
    case URLError.timedOut.rawValue: "the server did not answer in time"
    case URLError.cannotConnectToHost.rawValue: "the server could not be reached"
    case URLError.cannotFindHost.rawValue: "the server's name could not be found"
    case URLError.notConnectedToInternet.rawValue: "this device is not connected to the internet"
    case URLError.networkConnectionLost.rawValue: "the connection was lost"
    case URLError.secureConnectionFailed.rawValue: "a secure connection could not be made"
    case URLError.cancelled.rawValue: "it was cancelled"
    default: nil
    }
  }

  /// How many characters of a body an error keeps: enough to recognise it, never a whole page.
  static let excerptLength = 200

  static func excerpt(_ data: Data?) -> String {
    guard let data, !data.isEmpty else { return "" }
    let prefix = data.prefix(excerptLength * 4)
    let text = String(decoding: prefix, as: UTF8.self)
    let trimmed = text.prefix(excerptLength)
    return trimmed.count < text.count || data.count > prefix.count ? trimmed + "…" : String(trimmed)
  }
}

extension String {
  fileprivate var trimmingPeriod: Substring {
    var text = self[...]
    while text.last == "." || text.last == " " { text = text.dropLast() }
    return text
  }
}
