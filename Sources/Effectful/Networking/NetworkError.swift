import Foundation

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
  /// The request succeeded but the response had no body or no HTTP status.
  case emptyResponse

  /// A sentence for the user: what went wrong and what to try.
  public var message: String {
    switch self {
    case .transport(_, let description):
      return "The request failed: \(description). Check the connection and try again."
    case .httpStatus(let status, let body):
      let detail = body.isEmpty ? "" : " (\(body))"
      return "The server answered \(status)\(detail). Try again later."
    case .undecodable(let type, let reason, _):
      return "The server's answer could not be read as \(type): \(reason)."
    case .emptyResponse:
      return "The server sent an empty response."
    }
  }

  public var description: String { message }

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
