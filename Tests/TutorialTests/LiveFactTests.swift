import EffectfulHTTPTestSupport
import EffectfulTutorial
import Foundation
import Testing

@Suite("Live facts from a numbersapi.com stand-in on 127.0.0.1")
struct LiveFactTests {
  @Test("A fact is the body of GET /<n>, trimmed")
  func fact() async throws {
    let server = try TestHTTPServer { request in
      TestHTTPResponse(body: Data("\(request.path.dropFirst()) is the number of the test.\n".utf8))
    }
    defer { server.stop() }
    let environment = CounterFeature.Environment.live(numbersAPI: server.baseURL)
    #expect(try await environment.fact(42) == "42 is the number of the test.")
  }

  @Test("An HTTP error status is a FactError naming it")
  func httpError() async throws {
    let server = try TestHTTPServer(response: TestHTTPResponse(status: 503))
    defer { server.stop() }
    let environment = CounterFeature.Environment.live(numbersAPI: server.baseURL)
    await #expect(throws: CounterFeature.FactError.httpStatus(503)) { try await environment.fact(7) }
  }
}
