import Effectful
import EffectfulEffectTestSupport
import EffectfulTesting
import Testing

private enum Action: Equatable, Sendable {
  case typed(String)
  case search(String)
  case scrolled(Int)
  case load(Int)
  case ping
  case pong
}

/// Every operator that waits, on virtual time: nothing here sleeps.
@MainActor
@Suite("Time")
struct TimeTests {
  private func store(
    _ scheduler: TestScheduler, latest: Bool = true
  ) -> Store<[Action], Action> {
    Store(initialValue: []) { (log: inout [Action], action: Action) in
      switch action {
      case .typed(let text):
        return [
          Effect.send(.search(text))
            .debounce(id: "search", for: .milliseconds(300), scheduler: scheduler)
        ]
      case .scrolled(let offset):
        return [
          Effect.send(.load(offset))
            .throttle(id: "scroll", for: .seconds(1), scheduler: scheduler, latest: latest)
        ]
      case .ping:
        return [Effect.send(.pong).delay(for: .seconds(2), scheduler: scheduler)]
      case .search, .load, .pong:
        log.append(action)
        return []
      }
    }
  }

  @Test func delayStartsTheEffectLater() {
    let scheduler = TestScheduler()
    let store = store(scheduler)
    store.send(.ping)
    scheduler.advance(by: .milliseconds(1999))
    #expect(store.value == [])
    scheduler.advance(by: .milliseconds(1))
    #expect(store.value == [.pong])
  }

  @Test func debounceRunsOnlyTheLastOfABurst() {
    let scheduler = TestScheduler()
    let store = store(scheduler)
    store.send(.typed("p"))
    scheduler.advance(by: .milliseconds(200))
    store.send(.typed("pr"))
    scheduler.advance(by: .milliseconds(200))
    store.send(.typed("pri"))
    scheduler.advance(by: .milliseconds(299))
    #expect(store.value == [])
    scheduler.advance(by: .milliseconds(1))
    #expect(store.value == [.search("pri")])
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func throttleLatestSendsFirstAtOnceThenTheNewest() {
    let scheduler = TestScheduler()
    let store = store(scheduler, latest: true)
    store.send(.scrolled(1))
    #expect(store.value == [], "delivered on the scheduler, as any throttled output")
    scheduler.advance()
    #expect(store.value == [.load(1)])
    scheduler.advance(by: .milliseconds(100))
    store.send(.scrolled(2))
    store.send(.scrolled(3))
    scheduler.advance(by: .milliseconds(899))
    #expect(store.value == [.load(1)])
    scheduler.advance(by: .milliseconds(1))
    #expect(store.value == [.load(1), .load(3)])
    scheduler.advance(by: .seconds(5))
    store.send(.scrolled(4))
    scheduler.advance()
    #expect(store.value == [.load(1), .load(3), .load(4)])
  }

  @Test func throttleOldestKeepsTheFirstWaitingOutput() {
    let scheduler = TestScheduler()
    let store = store(scheduler, latest: false)
    store.send(.scrolled(1))
    scheduler.advance(by: .milliseconds(100))
    store.send(.scrolled(2))
    store.send(.scrolled(3))
    scheduler.advance(by: .seconds(1))
    #expect(store.value == [.load(1), .load(2)])
  }

  @Test func receiveOnDeliversWhenTheSchedulerRuns() {
    let scheduler = TestScheduler()
    let store = Store(initialValue: [Action]()) { (log: inout [Action], action: Action) in
      if action == .ping { return [Effect.send(.pong).receive(on: scheduler)] }
      log.append(action)
      return []
    }
    store.send(.ping)
    #expect(store.value == [])
    scheduler.advance()
    #expect(store.value == [.pong])
  }

  @Test func timerTicksEveryIntervalFromOneIntervalAfterTheStart() {
    let scheduler = TestScheduler()
    let ticks = Collected<SchedulerInstant>()
    Effect.timer(id: "t", every: .seconds(1), on: scheduler).run { ticks.append($0) }
    scheduler.advance(by: .milliseconds(999))
    #expect(ticks.values.isEmpty)
    scheduler.advance(by: .milliseconds(2001))
    #expect(ticks.values.map(\.sinceOrigin) == [.seconds(1), .seconds(2), .seconds(3)])
  }

  @Test func testSchedulerRunsEqualDeadlinesInSchedulingOrder() {
    let scheduler = TestScheduler()
    let order = Collected<String>()
    scheduler.schedule(after: .seconds(1)) { order.append("a") }
    scheduler.schedule(after: .seconds(1)) { order.append("b") }
    scheduler.schedule(after: .milliseconds(500)) { order.append("first") }
    let cancelled = scheduler.schedule(after: .seconds(1)) { order.append("never") }
    cancelled.cancel()
    scheduler.schedule { order.append("now") }
    scheduler.run()
    #expect(order.values == ["now", "first", "a", "b"])
    #expect(scheduler.now.sinceOrigin == .seconds(1))
  }

  @Test func immediateSchedulerRunsAtOnce() {
    let order = Collected<Int>()
    Effect<Int>.send(1).delay(for: .seconds(60), scheduler: ImmediateScheduler()).run { order.append($0) }
    #expect(order.values == [1])
  }
}
