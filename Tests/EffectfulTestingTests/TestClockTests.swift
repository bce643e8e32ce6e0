import Effectful
@testable import EffectfulTesting
import Testing

private enum Action: Equatable, Sendable {
  case start
  case woke(String)
}

/// A store whose `.start` runs one sleeper per entry of `sleeps`, each logging its name and the
/// clock's time when it wakes.
@MainActor
private func sleepersStore(_ clock: TestClock, _ sleeps: [(String, Duration)]) -> Store<[String], Action> {
  Store(initialValue: []) { log, action in
    switch action {
    case .start:
      return sleeps.map { name, duration in
        .run { send in
          try await clock.sleep(for: duration)
          await send(.woke("\(name)@\(clock.now)"))
        }
      }
    case .woke(let entry):
      log.append(entry)
      return []
    }
  }
}

@MainActor
@Suite("TestClock")
struct TestClockTests {
  @Test(
    "Sleepers wake in deadline order, equal deadlines in the order they slept, with now at their deadline")
  func deadlineOrder() async {
    let clock = TestClock()
    let store = sleepersStore(clock, [("c", .seconds(3)), ("a", .seconds(1)), ("b1", .seconds(2))])
    store.send(.start)
    await clock.advance()  // every sleeper has begun its sleep
    let more = sleepersStore(clock, [("b2", .seconds(2))])
    more.send(.start)
    await clock.advance(by: .seconds(3))
    #expect(store.value == ["a@1.0 seconds", "b1@2.0 seconds", "c@3.0 seconds"])
    #expect(more.value == ["b2@2.0 seconds"])
    #expect(clock.now == SchedulerInstant(sinceOrigin: .seconds(3)))
  }

  @Test("Advancing part of the way wakes only what fell due")
  func partialAdvance() async {
    let clock = TestClock()
    let store = sleepersStore(clock, [("early", .seconds(1)), ("late", .seconds(5))])
    store.send(.start)
    await clock.advance(by: .seconds(2))
    #expect(store.value == ["early@1.0 seconds"])
    #expect(clock.sleeperCount == 1)
    await clock.run()
    #expect(store.value == ["early@1.0 seconds", "late@5.0 seconds"])
  }

  @Test("A negative advance is a failure naming the duration, and time stays")
  func negativeAdvance() async {
    let clock = TestClock()
    let line: UInt = #line + 1
    let failures = await collectingFailures { await clock.advance(by: .seconds(-2)) }
    #expect(failures.map(\.line) == [line])
    #expect(failures.allSatisfy { $0.message.contains("advance(by: -2.0 seconds)") })
    #expect(clock.now == SchedulerInstant(sinceOrigin: .zero))
  }

  @Test("Work waiting outside virtual time is not waited for: advance returns, and it joins in when fed")
  func workOutsideVirtualTimeIsNotWaitedFor() async {
    let clock = TestClock()
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    let store = Store<[Int], Int>(initialValue: []) { values, value in
      values.append(value)
      return value == 0 ? [.run { send in for await element in stream { await send(element) } }] : []
    }
    let task = store.send(0)
    // No real-time wait: the subscription is suspended on its stream, which is all advance looks at.
    await clock.advance(by: .seconds(60))
    #expect(store.value == [0])
    continuation.yield(7)
    await clock.advance()
    #expect(store.value == [0, 7])
    continuation.finish()
    await task.finish()
  }

  @Test("run() stops a timer that never ends after its limit, with a failure")
  func runLimit() async {
    let clock = TestClock()
    let store = Store<Int, Int>(initialValue: 0) { count, action in
      count += action
      return action == 0
        ? [.run { send in while true { try await clock.sleep(for: .seconds(1)); await send(1) } }] : []
    }
    let task = store.send(0)
    let line: UInt = #line + 1
    let failures = await collectingFailures { await clock.run(limit: 5) }
    #expect(failures.map(\.line) == [line])
    #expect(failures.allSatisfy { $0.message.contains("TestClock.run() has fired 5 deadlines") })
    #expect(store.value == 5)
    task.cancel()
  }
}
