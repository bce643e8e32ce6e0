/// The part of a Wolfram|Alpha JSON answer the counter reads.
///
/// A successful answer carries pods, the primary one holding the result as plain text:
/// `{"queryresult": {"success": true, "pods": [{"primary": true, "subpods": [{"plaintext": "5"}]}]}}`.
/// A failed one carries `"error": {"msg": "Invalid appid"}` instead (or `"error": false` and no pods
/// when it simply did not understand the input).
struct WolframAlphaResult: Decodable, Sendable {
  let queryresult: QueryResult

  struct QueryResult: Decodable, Sendable {
    let pods: [Pod]?
    let errorMessage: String?

    struct Pod: Decodable, Sendable {
      let primary: Bool?
      let subpods: [SubPod]

      struct SubPod: Decodable, Sendable {
        let plaintext: String?
      }
    }

    private struct ErrorDetail: Decodable {
      let msg: String?
    }

    private enum CodingKeys: String, CodingKey {
      case pods, error
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      pods = try container.decodeIfPresent([Pod].self, forKey: .pods)
      // `error` is `false` on success and an object on failure: only the object has anything to say.
      errorMessage = (try? container.decode(ErrorDetail.self, forKey: .error))?.msg
    }
  }

  /// The `n`-th prime this answer states, or why it states none.
  func nthPrime(_ n: Int) -> Result<Int, CounterError> {
    if let message = queryresult.errorMessage {
      return .failure(.wolframAlpha(message))
    }
    let text = queryresult.pods?
      .first { $0.primary == true }?
      .subpods.first?.plaintext?
      .filter { !$0.isWhitespace && $0 != "," }
    guard let text, let prime = Int(text) else {
      return .failure(.noAnswer(n: n))
    }
    return .success(prime)
  }
}

/// A numbersapi.com answer in JSON: `{"text": "42 is …", "number": 42, "found": true, "type": "trivia"}`.
struct NumbersAPIFact: Decodable, Sendable {
  let text: String
}
