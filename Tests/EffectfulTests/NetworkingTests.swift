import Effectful
import EffectfulEffectTestSupport
import EffectfulHTTPTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

private struct Fact: Codable, Equatable, Sendable {
  var number: Int
  var text: String
}

/// The URLSession helpers against a real HTTP server on 127.0.0.1, started by each test.
@MainActor
@Suite("Networking")
struct NetworkingTests {
  private let session = URLSession(configuration: .ephemeral)

  private func first<Output: Sendable>(
    _ effect: Effect<Output>, timeout: Duration = .seconds(10)
  ) async -> Output? {
    let outputs = Collected<Output>()
    effect.run { outputs.append($0) }
    _ = await waitUntil(timeout: timeout) { !outputs.values.isEmpty }
    return outputs.values.first
  }

  @Test func decodeReadsJSONAsInTheEpisode() async throws {
    let server = try TestHTTPServer(response: .json(Fact(number: 7, text: "7 is prime")))
    defer { server.stop() }
    let fact = await first(dataTask(with: server.url("/fact"), session: session).decode(as: Fact.self))
    #expect(fact == .some(Fact(number: 7, text: "7 is prime")))
  }

  @Test func decodeResultSucceedsOn200() async throws {
    let server = try TestHTTPServer(response: .json(Fact(number: 2, text: "even prime")))
    defer { server.stop() }
    let result = await first(
      dataTask(with: URLRequest(url: server.url("/fact")), session: session).decodeResult(as: Fact.self))
    #expect(result == .success(Fact(number: 2, text: "even prime")))
  }

  @Test func notFoundIsAnHTTPStatusErrorWithTheBody() async throws {
    let server = try TestHTTPServer(response: .text("no such fact", status: 404))
    defer { server.stop() }
    let effect = dataTask(with: server.url("/missing"), session: session)
    let result = await first(effect.decodeResult(as: Fact.self))
    #expect(result == .failure(.httpStatus(404, body: "no such fact")))
    let optional = await first(effect.decode(as: Fact.self))
    #expect(optional == .some(nil), "the episode's decode turns any failure into nil")
  }

  @Test func serverErrorKeepsAnExcerptOfItsJSONBody() async throws {
    let server = try TestHTTPServer(response: .json(#"{"error": "database down"}"#, status: 500))
    defer { server.stop() }
    let result = await first(dataTask(with: server.url("/"), session: session).decodeResult(as: Fact.self))
    guard case .failure(.httpStatus(500, let body)) = result else {
      Issue.record("expected an HTTP 500 failure, got \(String(describing: result))")
      return
    }
    #expect(body.contains("database down"))
  }

  @Test func bodyThatIsNotJSONIsUndecodable() async throws {
    let server = try TestHTTPServer(response: .text("<html>hello</html>"))
    defer { server.stop() }
    let result = await first(dataTask(with: server.url("/"), session: session).decodeResult(as: Fact.self))
    guard case .failure(.undecodable(let type, _, let body)) = result else {
      Issue.record("expected an undecodable failure, got \(String(describing: result))")
      return
    }
    #expect(type == "Fact")
    #expect(body == "<html>hello</html>")
  }

  @Test func wrongShapeNamesTheMissingKey() async throws {
    let server = try TestHTTPServer(response: .json(#"{"number": 3}"#))
    defer { server.stop() }
    let result = await first(dataTask(with: server.url("/"), session: session).decodeResult(as: Fact.self))
    guard case .failure(.undecodable(_, let reason, _)) = result else {
      Issue.record("expected an undecodable failure, got \(String(describing: result))")
      return
    }
    #expect(reason.contains("text"))
  }

  @Test func connectionRefusedIsATransportError() async throws {
    let port = try unusedLoopbackPort()
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/"))
    let result = await first(dataTask(with: url, session: session).decodeResult(as: Fact.self))
    guard case .failure(.transport(let code, _)) = result else {
      Issue.record("expected a transport failure, got \(String(describing: result))")
      return
    }
    #expect(code == URLError.cannotConnectToHost.rawValue)
  }

  private enum Action: Sendable, Equatable {
    case load
    case cancel
    case loaded(Result<Fact, NetworkError>)
  }

  @Test("A slow response cancelled mid-flight: the request is cancelled and nothing arrives")
  func slowResponseCancelledMidFlight() async throws {
    // The server would answer after an hour: only a cancelled request lets it go idle.
    let server = try TestHTTPServer(
      response: .json(Fact(number: 1, text: "late")).delayed(by: .seconds(3_600)))
    defer { server.stop() }
    let url = server.url("/slow")
    let session = self.session
    let store = Store(initialValue: [Action]()) { (log: inout [Action], action: Action) in
      log.append(action)
      switch action {
      case .load:
        return [
          dataTask(with: url, session: session).decodeResult(as: Fact.self)
            .receive(on: DispatchQueue.main).map(Action.loaded).cancellable(id: "load")
        ]
      case .cancel:
        return [.cancel(id: "load")]
      case .loaded:
        return []
      }
    }
    store.send(.load)
    #expect(server.waitForRequests(count: 1))
    store.send(.cancel)
    // The URLSession task is cancelled, so the server sees its client go; the bound is against a hang.
    #expect(server.waitUntilIdle(timeout: .seconds(120)))
    try await Task.sleep(for: .milliseconds(100))
    #expect(store.value == [.load, .cancel])
  }
}
