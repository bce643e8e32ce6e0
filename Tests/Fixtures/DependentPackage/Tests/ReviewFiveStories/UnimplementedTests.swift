import Effectful
import Testing

/// Item 13: a feature module (importing only `Effectful`) can declare a failing `testValue`.
struct NumberClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

enum NumberClientKey: DependencyKey {
  static let liveValue = NumberClient { "\($0) is a number" }
  static let testValue = NumberClient(fetch: unimplemented("NumberClient.fetch"))
}

@Suite struct UnimplementedTests {
  @Test func item13UnimplementedIsInEffectful() async {
    await withKnownIssue {
      _ = try? await NumberClientKey.testValue.fetch(1)
    }
  }
}
