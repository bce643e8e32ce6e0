import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An effect that loads `url` with URLSession and delivers the completion handler's three values.
///
/// ```swift
/// dataTask(with: URL(string: "https://numbersapi.com/42")!)
///   .decode(as: Fact.self)
///   .receive(on: DispatchQueue.main)
/// ```
///
/// The request starts when the effect runs and is cancelled with it. The output arrives on
/// URLSession's delegate queue: add `.receive(on: DispatchQueue.main)` before it reaches a store.
public func dataTask(with url: URL, session: URLSession = .shared)
  -> Effect<(Data?, URLResponse?, Error?)>
{
  dataTask(with: URLRequest(url: url), session: session)
}

/// An effect that performs `request` with URLSession and delivers the completion handler's three values.
///
/// ```swift
/// var request = URLRequest(url: url)
/// request.httpMethod = "POST"
/// dataTask(with: request).decodeResult(as: Saved.self)
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
