import Effectful
import Testing

@testable import EffectfulCounter

@Suite("Redaction")
struct RedactionTests {
  @Test func appIDIsRedactedInEveryFormItCanTake() {
    let secret = "K3Y &=+ x"
    let encoded = "K3Y%20%26%3D%2B%20x"
    let error = CounterError.network(
      .undecodable(type: "Answer", reason: "bad \(secret)", body: "appid=\(encoded) or appid=K3Y+%26%3D%2B+x")
    )
    #expect(
      error.redacting(secret)
        == .network(
          .undecodable(type: "Answer", reason: "bad <redacted>", body: "appid=<redacted> or appid=<redacted>")
        ))
  }

  @Test func lowercaseEscapesAreCaughtAndEmptySecretsChangeNothing() {
    let error = CounterError.wolframAlpha("appid=k3y%2bz rejected")
    #expect(error.redacting("K3Y+z") == .wolframAlpha("appid=<redacted> rejected"))
    #expect(error.redacting("") == error)
  }
}
