import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension Effect where Output == (Data?, URLResponse?, Error?) {
  /// Decodes the body as JSON, delivering `nil` when anything went wrong, as in the episode.
  ///
  /// ```swift
  /// // Effect<WolframAlphaResult?>
  /// dataTask(with: url).decode(as: WolframAlphaResult.self)
  /// ```
  ///
  /// Use ``decodeResult(as:using:)`` to learn *why* it failed.
  public func decode<M: Decodable & Sendable>(as type: M.Type, using decoder: JSONDecoder = JSONDecoder())
    -> Effect<M?>
  {
    decodeResult(as: type, using: decoder).map { try? $0.get() }
  }

  /// Decodes the body as JSON, or says which of transport failure, HTTP status or undecodable body
  /// happened.
  ///
  /// ```swift
  /// dataTask(with: url)
  ///   .decodeResult(as: Fact.self)
  ///   .receive(on: DispatchQueue.main)
  ///   .map(CounterAction.factResponse)   // Result<Fact, NetworkError>
  /// ```
  public func decodeResult<M: Decodable & Sendable>(
    as type: M.Type, using decoder: JSONDecoder = JSONDecoder()
  ) -> Effect<Result<M, NetworkError>> {
    let decoder = UncheckedSendable(decoder)  // used by one output at a time; never mutated here
    return validated().map { result in
      result.flatMap { data in
        do {
          return .success(try decoder.value.decode(M.self, from: data))
        } catch {
          return .failure(
            .undecodable(
              type: String(describing: M.self), reason: describe(error),
              body: NetworkError.excerpt(data)))
        }
      }
    }
  }

  /// The body of a successful (2xx) response, or why there is none.
  ///
  /// ```swift
  /// dataTask(with: url).validated().map { try? $0.get() }   // Effect<Data?>
  /// ```
  ///
  /// A 2xx answer with an empty body (a 204 No Content, or a 200 with no bytes) is
  /// ``NetworkError/emptyResponse``, so `decodeResult(as:)` says "empty" rather than "not JSON".
  public func validated() -> Effect<Result<Data, NetworkError>> {
    map { data, response, error in
      if let error {
        let urlError = error as? URLError
        return .failure(
          .transport(code: urlError?.errorCode ?? -1, description: error.localizedDescription))
      }
      guard let http = response as? HTTPURLResponse else {
        return .failure(.emptyResponse)
      }
      guard (200...299).contains(http.statusCode) else {
        return .failure(.httpStatus(http.statusCode, body: NetworkError.excerpt(data)))
      }
      guard let data, !data.isEmpty else { return .failure(.emptyResponse) }
      return .success(data)
    }
  }
}

/// A short reason from a DecodingError, without its full coding path dump.
private func describe(_ error: any Error) -> String {
  guard let decodingError = error as? DecodingError else { return error.localizedDescription }
  switch decodingError {
  case .dataCorrupted(let context):
    return context.debugDescription
  case .keyNotFound(let key, _):
    return "missing key \"\(key.stringValue)\""
  case .typeMismatch(let type, let context):
    return "expected \(type) at \(path(context))"
  case .valueNotFound(let type, let context):
    return "missing \(type) at \(path(context))"
  @unknown default:
    return "\(decodingError)"
  }
}

private func path(_ context: DecodingError.Context) -> String {
  let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
  return keys.isEmpty ? "the top level" : keys.joined()
}
