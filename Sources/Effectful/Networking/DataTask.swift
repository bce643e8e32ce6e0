import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An effect that loads `url` with URLSession and delivers the completion handler's three values.
///
/// ```swift
/// struct Fact: Decodable, Sendable { var text: String }
///
/// // numbersapi.com has no HTTPS: on Apple platforms an app needs an ATS
/// // exception for it.
/// let fact: Effect<Fact?> = dataTask(
///   with: URL(string: "http://numbersapi.com/42?json")!)
///   .decode(as: Fact.self)
///   .receive(on: DispatchQueue.main)
/// ```
///
/// The request starts when the effect runs and is cancelled with it. The output arrives on
/// URLSession's delegate queue: add `.receive(on: DispatchQueue.main)` before it reaches a store.
/// (For a store on another actor, the main queue stands for that actor: nothing waits for the main
/// actor.)
public func dataTask(with url: URL, session: URLSession = .shared)
  -> Effect<(Data?, URLResponse?, Error?)>
{
  dataTask(with: URLRequest(url: url), session: session)
}

/// An effect that performs `request` with URLSession and delivers the completion handler's three values.
///
/// ```swift
/// struct Saved: Decodable, Sendable { var id: Int }
///
/// var request = URLRequest(
///   url: URL(string: "http://127.0.0.1:8080/favorites")!)
/// request.httpMethod = "POST"
/// let saved: Effect<Result<Saved, NetworkError>> =
///   dataTask(with: request).decodeResult(as: Saved.self)
/// ```
public func dataTask(with request: URLRequest, session: URLSession = .shared)
  -> Effect<(Data?, URLResponse?, Error?)>
{
  .create { subscriber in
    let task = session.dataTask(with: request) { data, response, error in
      subscriber.send((data, response, error))
      subscriber.finish()
    }
    let handle = UncheckedSendable(task)  // URLSessionTask is thread-safe; not all SDKs mark it so
    subscriber.onCancel { handle.value.cancel() }
    task.resume()
  }
}
