import Dispatch
import Effectful
@testable import EffectfulTesting
import Foundation
import Testing

/// When a test store decides that only virtual time can wake its effects (and so fails at once
/// instead of waiting its timeout), it counts the same tasks alive and asleep: the top-level tasks of
/// its `.run` effects. And what an effect does on the main queue or in a task of its own after a
/// clock wakes it is part of settling.
@MainActor
@Suite("Only virtual time can wake: decided on the same tasks, and waited for")
struct OnlyVirtualTimeCanWakeTests {
  enum Action: Equatable, Sendable {
    case race, hop, inner
    case answer(Int)
  }

  private static func reducer(clock: TestClock) -> Reducer<Int, Action> {
    { state, action in
      switch action {
      case .race:
        // A real request raced against a timeout on the clock, as a feature with a deadline does.
        return [
          .run { send in
            let first = await withTaskGroup(of: Int.self) { group in
              group.addTask {
                try? await clock.sleep(for: .seconds(10))
                return -1
              }
              group.addTask { await realRequest() }
              let first = await group.next() ?? -1
              group.cancelAll()
              return first
            }
            await send(.answer(first))
          }
        ]
      case .hop:
        return [
          .run { send in
            // Five hops, each queued on the main queue only once the one before has run.
            await withCheckedContinuation { continuation in
              hop(5) { continuation.resume() }
            }
            await send(.answer(5))
          }
        ]
      case .inner:
        return [
          .run { send in
            let inner = Task {
              try? await clock.sleep(for: .seconds(1))
              await send(.answer(1))
            }
            await inner.value
          }
        ]
      case .answer(let value):
        state = value
        return []
      }
    }
  }

  /// Answers 42 after a little real time, from another thread.
  private nonisolated static func realRequest() async -> Int {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
        continuation.resume(returning: 42)
      }
    }
  }

  private nonisolated static func hop(_ count: Int, then body: @escaping @Sendable () -> Void) {
    guard count > 0 else { return body() }
    DispatchQueue.main.async { hop(count - 1, then: body) }
  }

  @Test("A .run racing a real request against a clock timeout is waited for in real time")
  func aRaceAgainstTheClockIsWaitedFor() async {
    let log = FailureLog()
    let clock = TestClock()
    do {
      let store = TestStore(
        initialValue: 0, reducer: Self.reducer(clock: clock), failureReporter: log.reporter)
      store.send(.race)
      // Before: the group's child sleeping on the clock was counted asleep against one task alive,
      // so the receive gave up at once, saying it had waited its timeout.
      await store.receive(.answer(42), timeout: .seconds(30)) { $0 = 42 }
    }
    #expect(log.isEmpty, "\(log.failures)")
  }

  /// Twenty times, on a fresh store: sends `action`, waits until `sleepers` sleeps are on the clock,
  /// advances it by `duration`, and expects `.answer(answer)`: reduced by the time `advance` returns
  /// if `advance` waits for the work, received otherwise.
  private func expectAnswerAfterAdvance(
    _ action: Action, sleepers: Int = 0, by duration: Duration, answer: Int, advanceWaits: Bool = true
  ) async {
    let log = FailureLog()
    let clock = TestClock()
    for _ in 0..<20 {
      let store = TestStore(
        initialValue: 0, reducer: Self.reducer(clock: clock), failureReporter: log.reporter)
      store.send(action)
      // A `Task {}` starts on the global executor, on no schedule of the store's: the test waits
      // for its sleep to be on the clock, as it would look for it before advancing.
      for _ in 0..<10_000 where clock.sleeperCount < sleepers {
        try? await Task.sleep(for: .milliseconds(1))
      }
      await clock.advance(by: duration)
      if advanceWaits { #expect(store.value == answer) }
      await store.receive(.answer(answer)) { $0 = answer }
      if !advanceWaits { await store.finish() }
    }
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test("A .run that hops the main queue several times before sending is waited for")
  func mainQueueHopsAreWaitedFor() async {
    // Settled means the hops have all run, and the action they led to was reduced.
    await expectAnswerAfterAdvance(.hop, by: .zero, answer: 5)
  }

  @Test("A Task {} inside a .run, its sleep on the clock, is woken by advance and its output received")
  func anUnstructuredTaskInAnEffectIsWaitedFor() async {
    // After its sleep, a `Task {}` goes on on the global executor (it does not inherit the store's):
    // `advance` cannot wait for it, as its documentation says, and `receive` does. Reading the state
    // right after `advance` failed 11 of 30 runs with both cores busy.
    await expectAnswerAfterAdvance(.inner, sleepers: 1, by: .seconds(1), answer: 1, advanceWaits: false)
  }
}
