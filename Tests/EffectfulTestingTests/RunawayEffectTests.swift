import Effectful
@testable import EffectfulTesting
import Foundation
import Testing

/// An effect that polls (loops on `Task.yield()` until cancelled, never waiting on a clock) is
/// reported at the test's line in bounded work, and the store stays usable after it.
@MainActor
@Suite("A polling effect: reported once, in bounded work, and cancelled by skipping it")
struct RunawayEffectTests {
  /// Counts the polling loop's turns: the work a runaway costs, counted instead of timed.
  private let turns = LockedValue(0)

  private func makeStore(log: FailureLog) -> TestStore<Int, Int> {
    let turns = turns
    return TestStore(
      initialValue: 0,
      reducer: { state, action in
        switch action {
        case 0:
          return [
            .run { _ in
              while !Task.isCancelled {
                turns.withValue { $0 += 1 }
                await Task.yield()
              }
            }
          ]
        case 5:
          return [.run { send in await send(1) }]
        default:
          state = action
          return []
        }
      },
      failureReporter: log.reporter)
  }

  @Test("receive(…, timeout: .zero) after a polling .run reports it at its line; skipping cancels it")
  func pollingEffectIsReportedAndSkipped() async {
    let log = FailureLog()
    do {
      let store = makeStore(log: log)
      // Before: `send` ran the effect's jobs until none was queued, which a polling loop never
      // allows: it never returned, and the main-queue block each job posts piled up. Now it runs
      // at most a settling's step limit of them (counted while the test holds the main actor, so
      // the poll cannot turn meanwhile as it does, one job a turn of the main queue, as in an app).
      store.send(0)
      #expect(turns.withValue { $0 } <= VirtualWorld.stepLimit)
      let receiveLine: UInt = #line + 1
      await store.receive(1, timeout: .zero)
      let failures = log.failures
      #expect(failures.contains { $0.line == receiveLine && $0.message.contains("never stopped running") })
      #expect(failures.filter { $0.message.contains("never stopped running") }.count == 1, "\(failures)")
      log.removeAll()

      await store.skipInFlightEffects()
      let afterSkip = turns.withValue { $0 }
      // Usable afterwards: a new effect's action is received, and the poll no longer turns.
      store.send(5)
      await store.receive(1) { $0 = 1 }
      #expect(turns.withValue { $0 } == afterSkip)
    }
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test("A polling effect left running is reported once, and the end of the test stops it")
  func pollingEffectAtTheEndIsReportedOnce() async {
    let log = FailureLog()
    do {
      let store = makeStore(log: log)
      store.send(0)
      await store.skipReceivedActions(strict: false)
      await store.skipReceivedActions(strict: false)
    }
    let failures = log.failures
    #expect(failures.count == 1, "\(failures)")
    #expect(failures.first?.message.contains("never stopped running") == true)
  }
}
