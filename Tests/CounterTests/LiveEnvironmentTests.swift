import EffectfulCounter
import EffectfulEffectTestSupport
import Effectful
import EffectfulTesting
import Foundation
import EffectfulHTTPTestSupport
import Testing

/// The live environment against a real HTTP server on 127.0.0.1 that answers as the real services do.
@Suite struct LiveEnvironmentTests {
  static func wolframAnswer(_ plaintext: String) -> String {
    """
    {"queryresult": {"success": true, "error": false, "numpods": 2, "pods": [
      {"title": "Input interpretation", "subpods": [{"title": "", "plaintext": "prime 1000"}]},
      {"title": "Result", "primary": true, "subpods": [{"title": "", "plaintext": "\(plaintext)"}]}
    ]}}
    """
  }

  func environment(_ server: TestHTTPServer, appID: String? = "TEST-APP-ID") -> CounterEnvironment {
    .live(appID: appID, endpoints: LiveEndpoints(serverAt: server.baseURL))
  }

  @Test func nthPrimeAsksWolframAlphaWithTheAppID() async throws {
    let server = try TestHTTPServer { request in
      request.path == "/v2/query" ? .json(Self.wolframAnswer("7919")) : .text("not found", status: 404)
    }
    defer { server.stop() }
    let events = await outputs(of: environment(server, appID: "ID&+=").nthPrime(1_000), until: \.isAnswer)
    #expect(events == [.answer(.success(7_919))])
    let request = try #require(server.requests.first)
    #expect(request.method == "GET")
    #expect(
      request.queryItems == [
        URLQueryItem(name: "input", value: "prime 1000"),
        URLQueryItem(name: "format", value: "plaintext"),
        URLQueryItem(name: "output", value: "JSON"),
        URLQueryItem(name: "appid", value: "ID&+="),
      ])
  }

  @Test func wolframAlphaErrorIsReported() async throws {
    let server = try TestHTTPServer(
      response: .json(#"{"queryresult": {"success": false, "error": {"code": "1", "msg": "Invalid appid"}}}"#)
    )
    defer { server.stop() }
    let events = await outputs(of: environment(server).nthPrime(3), until: \.isAnswer)
    #expect(events == [.answer(.failure(.wolframAlpha("Invalid appid")))])
  }

  @Test func anAnswerWithoutAPrimeIsReported() async throws {
    let server = try TestHTTPServer(response: .json(#"{"queryresult": {"success": false, "error": false}}"#))
    defer { server.stop() }
    #expect(await outputs(of: environment(server).nthPrime(3)) == [.answer(.failure(.noAnswer(n: 3)))])
  }

  @Test func aPrimaryPodThatIsNotANumberIsReported() async throws {
    let server = try TestHTTPServer(response: .json(Self.wolframAnswer("(data not available)")))
    defer { server.stop() }
    #expect(await outputs(of: environment(server).nthPrime(3)) == [.answer(.failure(.noAnswer(n: 3)))])
  }

  @Test func httpErrorIsReported() async throws {
    let server = try TestHTTPServer(response: .text("overloaded", status: 503))
    defer { server.stop() }
    #expect(
      await outputs(of: environment(server).nthPrime(3))
        == [.answer(.failure(.network(.httpStatus(503, body: "overloaded"))))])
  }

  @Test func undecodableAnswerIsReported() async throws {
    let server = try TestHTTPServer(response: .text("<html>maintenance</html>"))
    defer { server.stop() }
    let events = await outputs(of: environment(server).nthPrime(3))
    guard case .answer(.failure(.network(.undecodable(_, _, let body)))) = events.first else {
      Issue.record("expected an undecodable answer, got \(events)")
      return
    }
    #expect(body == "<html>maintenance</html>")
  }

  @Test func noConnectionIsReported() async throws {
    let port = try unusedLoopbackPort()
    let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
    let environment = CounterEnvironment.live(appID: "ID", endpoints: LiveEndpoints(serverAt: base))
    let events = await outputs(of: environment.fact(42))
    guard case .failure(.network(.transport)) = events.first else {
      Issue.record("expected a transport failure, got \(events)")
      return
    }
  }

  @Test func withoutAnAppIDNoRequestIsMade() async throws {
    let server = try TestHTTPServer(response: .json(Self.wolframAnswer("5")))
    defer { server.stop() }
    #expect(
      await outputs(of: environment(server, appID: nil).nthPrime(3)) == [.answer(.failure(.missingAppID))])
    #expect(
      await outputs(of: environment(server, appID: "").nthPrime(3)) == [.answer(.failure(.missingAppID))])
    #expect(server.requests.isEmpty)
  }

  @Test func factComesFromNumbersAPI() async throws {
    let server = try TestHTTPServer { request in
      guard request.path == "/42/trivia", request.query == "json" else {
        return .text("not found", status: 404)
      }
      return .json(#"{"text": "42 is the answer.", "number": 42, "found": true, "type": "trivia"}"#)
    }
    defer { server.stop() }
    #expect(await outputs(of: environment(server).fact(42)) == [.success("42 is the answer.")])
  }

  @Test func anEmptyFactIsReported() async throws {
    let server = try TestHTTPServer(response: .json(#"{"text": "  ", "number": 5, "found": false}"#))
    defer { server.stop() }
    #expect(await outputs(of: environment(server).fact(5)) == [.failure(.noFact(5))])
  }

  @MainActor @Test func theWholeStoryThroughTheStore() async throws {
    let server = try TestHTTPServer { request in
      switch request.path {
      case "/v2/query": return .json(Self.wolframAnswer("5"))
      case "/3/trivia": return .json(#"{"text": "3 is the number of spatial dimensions we perceive."}"#)
      default: return .text("not found", status: 404)
      }
    }
    defer { server.stop() }
    let store = TestStore(
      initialValue: CounterState(count: 3), reducer: counterReducer(environment: environment(server)))
    store.timeout = .seconds(30)  // only waited for when the test is failing
    store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
    await store.receive(.nthPrimeResponse(n: 3, .success(5))) {
      $0.isNthPrimeButtonDisabled = false
      $0.alertNthPrime = .nthPrime(n: 3, prime: 5)
    }
    store.send(.factButtonTapped) { $0.isLoading = true }
    await store.receive(.factResponse(.success("3 is the number of spatial dimensions we perceive."))) {
      $0.isLoading = false
      $0.fact = "3 is the number of spatial dimensions we perceive."
    }
    await store.finish()
  }

  @MainActor @Test func aFailedRequestThroughTheStoreEndsLoading() async throws {
    let server = try TestHTTPServer(response: .text("oops", status: 500))
    defer { server.stop() }
    let store = TestStore(
      initialValue: CounterState(count: 3), reducer: counterReducer(environment: environment(server)))
    store.timeout = .seconds(30)
    store.send(.factButtonTapped) { $0.isLoading = true }
    await store.receive(.factResponse(.failure(.network(.httpStatus(500, body: "oops"))))) {
      $0.isLoading = false
      $0.errorMessage = "The server answered 500 (oops). Try again later."
    }
    await store.finish()
  }
}
