import EffectfulCounter
import Foundation
import Testing

@Suite struct LiveEndpointsTests {
  @Test func wolframAlphaQueryForTheNthPrime() throws {
    let url = try #require(LiveEndpoints.production.wolframAlphaURL(nthPrime: 1_000, appID: "DEMO-123"))
    #expect(
      url.absoluteString
        == "https://api.wolframalpha.com/v2/query?input=prime%201000&format=plaintext&output=JSON&appid=DEMO-123"
    )
  }

  @Test func queryValuesArePercentEncodedSoTheyArriveIntact() throws {
    let appID = "A&B=C+D é/?#"
    let url = try #require(LiveEndpoints.production.wolframAlphaURL(nthPrime: 7, appID: appID))
    let query = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery)
    #expect(query.hasSuffix("appid=A%26B%3DC%2BD%20%C3%A9%2F%3F%23"))
    let items = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
    #expect(
      items == [
        URLQueryItem(name: "input", value: "prime 7"),
        URLQueryItem(name: "format", value: "plaintext"),
        URLQueryItem(name: "output", value: "JSON"),
        URLQueryItem(name: "appid", value: appID),
      ])
  }

  @Test func numbersAPITriviaAsJSON() throws {
    #expect(
      LiveEndpoints.production.numbersAPIURL(factAbout: 42)?.absoluteString
        == "http://numbersapi.com/42/trivia?json")
    #expect(
      LiveEndpoints.production.numbersAPIURL(factAbout: -7)?.absoluteString
        == "http://numbersapi.com/-7/trivia?json")
  }

  @Test func oneServerForBothAPIs() throws {
    let base = try #require(URL(string: "http://127.0.0.1:8080"))
    let endpoints = LiveEndpoints(serverAt: base)
    #expect(endpoints.wolframAlpha.absoluteString == "http://127.0.0.1:8080/v2/query")
    #expect(endpoints.numbersAPIURL(factAbout: 3)?.absoluteString == "http://127.0.0.1:8080/3/trivia?json")
  }

  @Test func theAppIDVariableName() {
    #expect(CounterEnvironment.appIDVariable == "WOLFRAM_APP_ID")
  }
}
