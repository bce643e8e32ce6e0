import Effectful
@testable import EffectfulTesting
import Foundation
import Testing

/// A flag a feature's `body` reads to choose its reducer.
private enum UsesNewCounterKey: DependencyKey {
  static let liveValue = false
  static let testValue = false
}

extension DependencyValues {
  fileprivate var usesNewCounter: Bool {
    get { self[UsesNewCounterKey.self] }
    set { self[UsesNewCounterKey.self] = newValue }
  }
}

/// Counts by one, or by ten when the flag is on: the choice is made in `body`.
private struct FlaggedCounter: ReducerProtocol {
  typealias State = Int
  enum Action: Equatable, Sendable { case tapped, echo, echoed }

  @Dependency(\.usesNewCounter) var usesNewCounter

  var body: some ReducerOf<Self> {
    if usesNewCounter {
      Reduce { state, action in Self.reduce(&state, action, by: 10) }
    } else {
      Reduce { state, action in Self.reduce(&state, action, by: 1) }
    }
  }

  private static func reduce(_ state: inout Int, _ action: Action, by step: Int) -> [Effect<Action>] {
    switch action {
    case .tapped:
      state += step
      return []
    case .echo:
      state += step
      return [.run { send in await send(.echoed) }]
    case .echoed:
      state += 1
      return []
    }
  }
}

/// The feature-form test store's settings, and how strictly a test store checks a stretch of a test.
@MainActor
@Suite("Test store exhaustivity: withExhaustivity, skipped assertions, the feature form's settings")
struct TestStoreExhaustivityTests {
  @Test("A feature's body is evaluated with the test's dependencies in force")
  func bodySeesTheTestsDependencies() {
    let log = FailureLog()
    do {
      let store = TestStore(initialState: 0, failureReporter: log.reporter) {
        FlaggedCounter()
      } withDependencies: {
        $0.usesNewCounter = true
      }
      // Before: `body` was evaluated before the dependencies were set, and took the other branch.
      store.send(.tapped) { $0 = 10 }
    }
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test("exhaustivity: and failureReporter: on the feature form")
  func featureFormTakesExhaustivityAndReporter() async {
    let log = FailureLog()
    do {
      let store = TestStore(initialState: 0, exhaustivity: .off, failureReporter: log.reporter) {
        FlaggedCounter()
      }
      #expect(store.exhaustivity == .off)
      store.send(.echo)
      // Not exhaustive: the unreceived `.echoed` is no failure.
    }
    #expect(log.isEmpty, "\(log.failures)")
    do {
      let store = TestStore(initialState: 0, failureReporter: log.reporter) { FlaggedCounter() }
      store.send(.echo) { $0 = 1 }
    }
    #expect(log.failures.count == 1, "\(log.failures)")
  }

  @Test("withExhaustivity checks a stretch less strictly, then puts the setting back")
  func withExhaustivityIsScoped() async {
    let log = FailureLog()
    do {
      let store = TestStore(initialState: 0, failureReporter: log.reporter) { FlaggedCounter() }
      await store.withExhaustivity(.off) {
        store.send(.echo)
        await store.skipReceivedActions(strict: false)
      }
      #expect(store.exhaustivity == .on)
      store.withExhaustivity(.off) {
        store.send(.tapped)
      }
      store.send(.tapped) { $0 = 4 }
    }
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test(".off(showSkippedAssertions: true) shows what it passes over without failing")
  func skippedAssertionsAreShown() async {
    let failures = await collectingFailures {
      let store = TestStore(initialState: 0, exhaustivity: .off(showSkippedAssertions: true)) {
        FlaggedCounter()
      }
      store.send(.echo)
      await store.skipReceivedActions(strict: false)
      store.send(.echo)
      // Settles: the second `.echoed` arrives, and is passed over by the next send.
      await store.skipInFlightEffects(strict: false)
      store.send(.tapped)
    }
    #expect(!failures.isEmpty)
    #expect(failures.allSatisfy { $0.isSkippedAssertion }, "\(failures)")
    // Three sends' undescribed changes, and the second `.echoed`, passed over by the third send.
    #expect(failures.count == 4, "\(failures)")
    #expect(failures.contains { $0.message.contains("echoed") })
  }
}
