import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension CounterFeature.Environment {
  /// numbersapi.com's root: a fact about `n` is at `<root>/n`. Plain HTTP: on Apple platforms an app
  /// needs an App Transport Security exception for this host.
  public static let numbersAPI: URL = {
    guard let url = URL(string: "http://numbersapi.com") else {
      preconditionFailure("numbersapi.com's URL is invalid")
    }
    return url
  }()

  /// Facts from numbersapi.com, over plain HTTP (the service offers no HTTPS).
  ///
  /// ```swift
  /// let reducer = CounterFeature.reducer(environment: .live())
  /// ```
  ///
  /// A failed request, an HTTP status outside 200–299 or a body that is not text throws a
  /// ``CounterFeature/FactError``, which the reducer turns into a `factResponse` saying so.
  /// Cancelling the effect cancels the request.
  public static func live(
    numbersAPI: URL = numbersAPI,
    session: URLSession = .shared
  ) -> Self {
    Self(
      fact: { number in
        try await fetchFact(
          about: number, from: numbersAPI.appendingPathComponent("\(number)"), session: session)
      })
  }
}

extension CounterFeature {
  /// Why a live fact could not be fetched.
  ///
  /// ```swift
  /// // "numbersapi.com answered with HTTP status 503."
  /// FactError.httpStatus(503).localizedDescription
  /// ```
  public enum FactError: Error, Equatable, LocalizedError {
    /// The request did not complete: no connection, a timeout.
    case transport(String)
    /// The service answered with a status outside 200–299.
    case httpStatus(Int)
    /// The answer was not UTF-8 text.
    case notText

    public var errorDescription: String? {
      switch self {
      case .transport(let reason): "numbersapi.com could not be reached: \(reason)"
      case .httpStatus(let status): "numbersapi.com answered with HTTP status \(status)."
      case .notText: "numbersapi.com answered with something that is not text."
      }
    }
  }
}

/// One GET, bridged to async/await with cancellation, on every platform's URLSession.
private func fetchFact(about number: Int, from url: URL, session: URLSession) async throws -> String {
  let box = TaskBox()
  let (data, response): (Data, URLResponse) = try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      let task = session.dataTask(with: url) { data, response, error in
        if let error {
          let cancelled = (error as? URLError)?.code == .cancelled
          continuation.resume(
            throwing: cancelled
              ? CancellationError() : CounterFeature.FactError.transport(error.localizedDescription))
        } else if let response {
          continuation.resume(returning: (data ?? Data(), response))
        } else {
          continuation.resume(throwing: CounterFeature.FactError.transport("no response"))
        }
      }
      box.start(task)
    }
  } onCancel: {
    box.cancel()
  }
  if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
    throw CounterFeature.FactError.httpStatus(http.statusCode)
  }
  guard let text = String(data: data, encoding: .utf8) else { throw CounterFeature.FactError.notText }
  return text.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Holds the data task, so that a cancellation arriving before or after it starts still reaches it.
private final class TaskBox: @unchecked Sendable {
  private let lock = NSLock()
  // Guarded by `lock`.
  private var task: URLSessionDataTask?
  private var isCancelled = false

  func start(_ task: URLSessionDataTask) {
    let cancelled = lock.withLock {
      self.task = task
      return isCancelled
    }
    if cancelled { task.cancel() }
    task.resume()
  }

  func cancel() {
    let task = lock.withLock {
      isCancelled = true
      return self.task
    }
    task?.cancel()
  }
}
