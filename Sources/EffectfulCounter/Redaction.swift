import Effectful
import Foundation

/// What stands in for a secret wherever an answer repeated it.
let redactedPlaceholder = "<redacted>"

extension CounterError {
  /// This error with every occurrence of `secret` (as written, or percent-encoded as it was sent)
  /// replaced by `<redacted>`.
  ///
  /// ```swift
  /// CounterError.network(
  ///   .httpStatus(500, body: "bad appid=K3Y")).redacting("K3Y")
  /// // .network(.httpStatus(500, body: "bad appid=<redacted>"))
  /// ```
  ///
  /// Errors end up in state, in actions and so in logs, and a server's error page may quote the
  /// request URL, app id included. Matching ignores case, so lowercase percent escapes are caught too.
  /// An empty secret changes nothing.
  func redacting(_ secret: String) -> CounterError {
    switch self {
    case .network(let error):
      return .network(error.redacting(secret))
    case .wolframAlpha(let reason):
      return .wolframAlpha(reason.redacting(secret))
    case .invalidURL(let address):
      return .invalidURL(address.redacting(secret))
    case .missingAppID, .noAnswer, .noSuchPrime, .noFact, .beyondReach, .countAtLimit:
      return self
    }
  }
}

extension NetworkError {
  /// This error with `secret` replaced by `<redacted>` in every text it carries; see
  /// `CounterError.redacting(_:)`.
  func redacting(_ secret: String) -> NetworkError {
    switch self {
    case .transport(let code, let description):
      return .transport(code: code, description: description.redacting(secret))
    case .httpStatus(let status, let body):
      return .httpStatus(status, body: body.redacting(secret))
    case .undecodable(let type, let reason, let body):
      return .undecodable(type: type, reason: reason.redacting(secret), body: body.redacting(secret))
    case .emptyResponse:
      return self
    }
  }
}

extension String {
  /// This text with `secret`, and its percent-encoded forms as a query value, replaced.
  fileprivate func redacting(_ secret: String) -> String {
    guard !secret.isEmpty else { return self }
    var forms = [secret]
    if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) {
      // As sent, and as a form-encoding server would quote it back (a space as "+").
      forms += [encoded, encoded.replacingOccurrences(of: "%20", with: "+")].filter { $0 != secret }
    }
    return forms.reduce(self) { text, form in
      text.replacingOccurrences(of: form, with: redactedPlaceholder, options: .caseInsensitive)
    }
  }
}
