import EffectfulEffectTestSupport
import Effectful
import EffectfulTesting
import Foundation
import Testing

/// A search feature with an async client, debounced on a clock: the case study of issue 20.
enum AsyncSearch {
  struct State: Equatable {
    var query = ""
    var results: [String] = []
  }
  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case response([String])
  }
  struct Environment {
    var search: @Sendable (String) async throws -> [String]
    var clock: any Clock<Duration>
  }
  enum CancelID: Hashable, Sendable { case search }

  static func reducer(environment: Environment) -> Reducer<State, Action> {
    { state, action in
      switch action {
      case .queryChanged(let query):
        state.query = query
        return [
          Effect.run { send in await send(.response(try await environment.search(query))) }
            .debounce(id: CancelID.search, for: .milliseconds(300), clock: environment.clock)
        ]
      case .response(let results):
        state.results = results
        return []
      }
    }
  }
}

/// What an effect's client was asked, from any task.
final class Calls: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []
  func record(_ call: String) { lock.withLock { storage.append(call) } }
  var all: [String] { lock.withLock { storage } }
}

@MainActor
@Suite("One virtual time: a TestClock drives callback and async effects alike")
struct OneVirtualTimeTests {
  /// A store that logs what arrives with the clock's time; "start" starts one effect of each kind.
  private func mixedStore(_ clock: TestClock) -> Store<[String], String> {
    Store(initialValue: []) { log, action in
      switch action {
      case "start":
        return [
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send("run")
            try await clock.sleep(for: .seconds(1))
            await send("run")
          },
          Effect.send("delay").delay(for: .milliseconds(1500), clock: clock),
          Effect.timer(id: "timer", every: .milliseconds(1250), on: clock).map { _ in "tick" },
        ]
      case "stop":
        return [.cancel(id: "timer")]
      default:
        log.append("\(action)@\(clock.now)")
        return []
      }
    }
  }

  @Test("Callback delays, scheduler timers and .run sleeps on one clock fire in deadline order")
  func mixedDeadlineOrder() async {
    let clock = TestClock()
    let store = mixedStore(clock)
    let task = store.send("start")
    await clock.advance(by: .seconds(3))
    #expect(
      store.value == [
        "run@1.0 seconds", "tick@1.25 seconds", "delay@1.5 seconds", "run@2.0 seconds",
        "tick@2.5 seconds",
      ])
    store.send("stop")
    await task.finish()
  }

  @Test("The same mixed story, 300 fresh rounds: identical every round")
  func threeHundredRounds() async {
    var first: [String]?
    for _ in 0..<soakRounds(300, brief: 30) {
      let clock = TestClock()
      let store = mixedStore(clock)
      store.send("start")
      await clock.advance(by: .seconds(3))
      store.send("stop")
      if let first { #expect(store.value == first) } else { first = store.value }
    }
    #expect(first?.count == 5)
  }

  @Test("A debounced search with an async client, on a plain Store: only the last query is searched")
  func debouncedSearchOnAStore() async {
    let clock = TestClock()
    let calls = Calls()
    let store = Store(
      initialValue: AsyncSearch.State(),
      reducer: AsyncSearch.reducer(
        environment: .init(
          search: { query in
            calls.record(query)
            return ["\(query)!"]
          },
          clock: clock)))
    store.send(.queryChanged("e"))
    await clock.advance(by: .milliseconds(100))
    store.send(.queryChanged("ef"))
    await clock.advance(by: .milliseconds(299))
    #expect(store.value.results == [])
    await clock.advance(by: .milliseconds(1))
    #expect(store.value.results == ["ef!"])
    #expect(calls.all == ["ef"])
  }

  @Test("A debounced search with an async client, as a TestStore story")
  func debouncedSearchStory() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: AsyncSearch.State(),
      reducer: AsyncSearch.reducer(environment: .init(search: { ["\($0)!"] }, clock: clock)))
    store.send(.queryChanged("e")) { $0.query = "e" }
    await clock.advance(by: .milliseconds(100))
    store.send(.queryChanged("ef")) { $0.query = "ef" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.response(["ef!"])) { $0.results = ["ef!"] }
  }

  @Test("Throttle and delay on a clock: the first at once, the latest after the interval")
  func throttleAndDelayOnAClock() async {
    let clock = TestClock()
    let store = Store<[String], String>(initialValue: []) { log, action in
      if action.hasPrefix("level ") {
        return [
          Effect.send("applied \(action.dropFirst(6))")
            .throttle(id: "volume", for: .seconds(1), clock: clock, latest: true)
        ]
      }
      if action == "toast" {
        return [Effect.send("hide toast").delay(for: .seconds(2), clock: clock)]
      }
      log.append("\(action)@\(clock.now)")
      return []
    }
    store.send("level 1")
    store.send("toast")
    await clock.advance()
    #expect(store.value == ["applied 1@0.0 seconds"])
    store.send("level 2")
    store.send("level 3")
    await clock.advance(by: .seconds(2))
    #expect(store.value == ["applied 1@0.0 seconds", "applied 3@1.0 seconds", "hide toast@2.0 seconds"])
  }

  @Test("An hour of one-second ticks, each reduced, in seconds of real time")
  func anHourOfTicks() async {
    let clock = TestClock()
    let store = Store<Int, Int>(initialValue: 0) { count, action in
      count += action
      return action == 0
        ? [.run { send in for await _ in clock.timer(interval: .seconds(1)) { await send(1) } }] : []
    }
    let task = store.send(0)
    await clock.advance(by: .seconds(3600))
    #expect(store.value == 3600)
    task.cancel()
    await clock.advance()
  }

  // The outside review's findings (issue 20), each a story that failed before.

  @Test("1. A subscription waiting outside virtual time does not hold up a clock timer beside it")
  func subscriptionBesideATimer() async {
    let clock = TestClock()
    let (events, continuation) = AsyncStream<Int>.makeStream()
    let store = Store<[String], String>(initialValue: []) { log, action in
      switch action {
      case "appear":
        return [
          .run { send in for await event in events { await send("event \(event)") } },
          .run { send in
            for await _ in clock.timer(interval: .seconds(1)) { await send("tick") }
          },
        ]
      default:
        log.append(action)
        return []
      }
    }
    let task = store.send("appear")
    await clock.advance(by: .seconds(2))
    #expect(store.value == ["tick", "tick"])
    continuation.yield(7)
    await clock.advance(by: .seconds(1))
    #expect(store.value == ["tick", "tick", "event 7", "tick"])
    continuation.finish()
    task.cancel()
  }

  @Test("2. Effects started outside the task that advances (a view's .task) lose no ticks")
  func effectsStartedElsewhere() async {
    let clock = TestClock()
    let store = Store<Int, Int>(initialValue: 0) { count, action in
      count += action
      return action == 0
        ? [.run { send in while true { try await clock.sleep(for: .seconds(1)); await send(1) } }] : []
    }
    let view = Task { await store.send(0).finish() }
    await clock.advance()
    await clock.advance(by: .seconds(3))
    #expect(store.value == 3)
    view.cancel()
    await view.value
  }

  @Test("3. A request raced against a timeout in a task group is reduced before advance returns")
  func requestRacedAgainstATimeout() async {
    let clock = TestClock()
    let store = Store<String, String>(initialValue: "") { state, action in
      guard action == "load" else {
        state = action
        return []
      }
      return [
        .run { send in
          let answer = await withTaskGroup(of: String.self) { group in
            group.addTask {
              try? await clock.sleep(for: .seconds(1))
              return "response"
            }
            group.addTask {
              try? await clock.sleep(for: .seconds(5))
              return "timed out"
            }
            let first = await group.next() ?? "none"
            group.cancelAll()
            return first
          }
          await send(answer)
        }
      ]
    }
    let task = store.send("load")
    await clock.advance(by: .seconds(1))
    #expect(store.value == "response")
    await task.finish()
  }

  @Test("4. A CPU-bound .run that keeps sending progress is waited for to its end")
  func busyRunSendingProgress() async {
    let clock = TestClock()
    let store = Store<[Int], Int>(initialValue: []) { log, action in
      if action == -1 {
        return [
          .run { send in
            try await clock.sleep(for: .seconds(1))
            var total = 0
            for step in 1...200 {
              for value in 0..<1_000 { total &+= value }
              await send(step)
            }
          }
        ]
      }
      log.append(action)
      return []
    }
    store.send(-1)
    await clock.advance(by: .seconds(1))
    #expect(store.value == Array(1...200))
  }

  @Test("5. A test that received every action does not find the effect still running at its end")
  func noEffectLeftAfterTheLastReceive() async {
    for _ in 0..<soakRounds(300, brief: 30) {
      let clock = TestClock()
      let failures = FailureLog()
      do {
        // The end of the test is the store going away, at the end of this block.
        let store = TestStore(
          initialValue: AsyncSearch.State(),
          reducer: AsyncSearch.reducer(environment: .init(search: { ["\($0)!"] }, clock: clock)),
          failureReporter: failures.reporter)
        store.send(.queryChanged("a")) { $0.query = "a" }
        await clock.advance(by: .milliseconds(300))
        await store.receive(.response(["a!"])) { $0.results = ["a!"] }
      }
      #expect(failures.failures.isEmpty, "\(failures.failures.map(\.message))")
    }
  }

  @Test("10. A debounced .run tested with the clock as its scheduler, without any real wait")
  func debouncedRunOnTheClockAsScheduler() async {
    let clock = TestClock()
    let store = TestStore(initialValue: [String]()) { (log: inout [String], action: String) in
      if action.hasPrefix("query ") {
        let query = String(action.dropFirst(6))
        return [
          Effect.run { send in await send("found \(query)") }
            .debounce(id: "search", for: .milliseconds(300), scheduler: clock)
        ]
      }
      log.append(action)
      return []
    }
    store.send("query a")
    store.send("query ab")
    await clock.advance(by: .milliseconds(300))
    await store.receive("found ab") { $0 = ["found ab"] }
  }

  @Test("11. TestStore.send returns a task a test can cancel, as a view's task is cancelled")
  func testStoreTaskCancel() async {
    let clock = TestClock()
    let store = TestStore(initialValue: 0) { (count: inout Int, action: String) in
      switch action {
      case "task":
        return [.run { send in for await _ in clock.timer(interval: .seconds(1)) { await send("tick") } }]
      default:
        count += 1
        return []
      }
    }
    let task = store.send("task")
    await clock.advance(by: .seconds(1))
    await store.receive("tick") { $0 = 1 }
    await task.cancel()
    #expect(task.isCancelled)
    await clock.advance(by: .seconds(5))
  }
}

@MainActor
@Suite("One virtual time: the clock forms in a reducer's return position")
struct ClockSpellingsTests {
  @Test("return .run { … }.debounce(id:for:clock:) is one effect, debounced on the test clock")
  func debounceInReturnPosition() async {
    let clock = TestClock()
    let store = TestStore(initialValue: [String]()) { (log: inout [String], action: String) in
      if action.hasPrefix("query ") {
        let query = String(action.dropFirst(6))
        let effects: [Effect<String>] = .run { send in await send("found \(query)") }
          .debounce(id: "search", for: .milliseconds(300), clock: clock)
        #expect(effects.count == 1)
        return effects
      }
      if action == "toast" {
        return .send("hide").delay(for: .seconds(2), clock: clock)
      }
      log.append(action)
      return .none
    }
    store.send("query a")
    store.send("query ab")
    await clock.advance(by: .milliseconds(300))
    await store.receive("found ab") { $0 = ["found ab"] }
    store.send("toast")
    await clock.advance(by: .seconds(2))
    await store.receive("hide") { $0 = ["found ab", "hide"] }
  }
}
