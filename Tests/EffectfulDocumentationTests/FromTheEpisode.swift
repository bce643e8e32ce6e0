import Effectful
import EffectfulTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The code of Articles/FromTheEpisode.md (check-docs compares the article's blocks with it).

enum ChainAction: Equatable, Sendable {
  case first, second, third, fourth
}

let chainReducer: Reducer<[ChainAction], ChainAction> = { log, action in
  log.append(action)
  switch action {
  case .first: return [.send(.second), .send(.third)]
  case .second: return [.send(.fourth)]
  case .third, .fourth: return []
  }
}

struct NumberFact: Decodable, Equatable, Sendable {
  var text: String
  var number: Int
}

@MainActor
@Suite("From the episode")
struct FromTheEpisodeTests {
  @Test func sendsAreQueuedInOrder() {
    let store = Store(initialValue: [], reducer: chainReducer)
    store.send(.first)
    // The episode's recursive send reduces depth first: first, second, fourth, third.
    #expect(store.value == [.first, .second, .third, .fourth])
  }

  @Test func decodeFailsOnAStatusOutside200to299() throws {
    let url = try #require(URL(string: "http://127.0.0.1/42"))
    let notFound = HTTPURLResponse(
      url: url, statusCode: 404, httpVersion: nil, headerFields: nil)
    let body = Data(#"{"text": "42 is the answer", "number": 42}"#.utf8)
    let response = Effect<(Data?, URLResponse?, Error?)>.send(
      (body, notFound, nil))

    let decoded = LockedBox<[NumberFact?]>([])
    let result = LockedBox<[Result<NumberFact, NetworkError>]>([])
    response.decode(as: NumberFact.self).run { value in
      decoded.withValue { $0.append(value) }
    }
    response.decodeResult(as: NumberFact.self).run { value in
      result.withValue { $0.append(value) }
    }

    #expect(
      decoded.withValue { $0 } == [nil],
      "the episode's decode would have decoded the 404's body")
    #expect(
      result.withValue { $0 } == [
        .failure(
          .httpStatus(
            404, body: #"{"text": "42 is the answer", "number": 42}"#))
      ])
  }

  @Test func theEpisodesEffectShape() {
    let values = LockedBox<[Int]>([])
    theAnswer.run { value in values.withValue { $0.append(value) } }
    #expect(values.withValue { $0 } == [42])
  }
}

let theAnswer = Effect<Int> { callback in callback(42) }

/// A fact, or why there is none: the transport failed, the server
/// answered outside 200–299, or the body is not a fact.
func fact(
  about n: Int, at base: URL
) -> Effect<Result<NumberFact, NetworkError>> {
  dataTask(with: base.appendingPathComponent("\(n)"))
    .decodeResult(as: NumberFact.self)
    .receive(on: DispatchQueue.main)
}

// Porting notes: the episode wrote `extension Effect where A == …`.
extension Effect where Output == (Data?, URLResponse?, Error?) {
  /// The body of a response, whatever its status.
  func body() -> Effect<Data?> {
    map { data, _, _ in data }
  }
}

@MainActor
@Suite("From the episode: porting")
struct PortingTests {
  @Test func anExtensionNamesOutput() throws {
    let url = try #require(URL(string: "http://127.0.0.1/7"))
    let response = Effect<(Data?, URLResponse?, Error?)>.send(
      (Data("7".utf8), URLResponse(url: url, mimeType: nil,
        expectedContentLength: 1, textEncodingName: nil), nil))
    let bodies = LockedBox<[Data?]>([])
    response.body().run { body in bodies.withValue { $0.append(body) } }
    #expect(bodies.withValue { $0 } == [Data("7".utf8)])
  }
}
