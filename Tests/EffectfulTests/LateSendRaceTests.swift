import EffectfulEffectTestSupport
@testable import Effectful
import EffectfulTesting
import Testing

/// A send made by another task once the operation's last `send` was reduced, when the operation has
/// nothing left to do (issue 36, item 18a). The operation's task still has to come back from that
/// send's hop before it returns; under load that takes milliseconds, and the other task's send used
/// to be reduced meanwhile (244 of 300 rounds on a plain store, 19 of 300 on a test executor).
@MainActor
@Suite("Late sends racing the operation's return")
struct LateSendRaceTests {
  private enum Action: Equatable, Sendable {
    case start, last, late
  }

  /// Runs `rounds` stories and returns how many late sends were reduced and how many reported.
  private func lateSends(rounds: Int) async -> (reduced: Int, reported: Int) {
    var reduced = 0
    var reported = 0
    for _ in 0..<rounds {
      let lastReduced = Signal()
      let lateSent = Signal()
      let store = Store(initialValue: 0) { (lates: inout Int, action: Action) -> [Effect<Action>] in
        switch action {
        case .start:
          return [
            .run { send in
              Task.detached {
                // Once the operation's last output is reduced, it has nothing left to do.
                await lastReduced.wait()
                await send(.late)
                lateSent.fire()
              }
              await send(.last)
            }
          ]
        case .last:
          lastReduced.fire()
          return []
        case .late:
          lates += 1
          return []
        }
      }
      let reports = LockedValue(0)
      store.registry.runErrorReporter = { _ in reports.withValue { $0 += 1 } }
      await store.send(.start).finish()
      await lateSent.wait()
      reduced += store.value
      reported += reports.withValue { $0 }
    }
    return (reduced, reported)
  }

  @Test("On a plain store, each send made once the operation's last one was reduced is dropped and reported")
  func plainStore() async {
    let (reduced, reported) = await lateSends(rounds: 300)
    #expect(reduced == 0)
    #expect(reported == 300)
  }

  @Test("On a store in virtual time, the same")
  func storeInVirtualTime() async {
    // A clock made first puts the store's effects on an executor of the test's own.
    _ = TestClock()
    let (reduced, reported) = await lateSends(rounds: 300)
    #expect(reduced == 0)
    #expect(reported == 300)
  }
}

/// Fired once, awaited by one task: a hand-off that waits without spinning.
private final class Signal: Sendable {
  private let stream: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream()
  }

  func fire() { continuation.yield() }

  func wait() async {
    for await _ in stream { return }
  }
}
