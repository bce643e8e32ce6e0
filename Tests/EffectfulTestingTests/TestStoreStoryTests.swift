import Dispatch
import Effectful
import EffectfulTesting
import Testing

/// Stories that pass: each must end without a single failure, false or otherwise.
@MainActor
@Suite struct TestStoreStoryTests {
  let log = FailureLog()
  let scheduler = TestScheduler()

  func makeCounterStore(_ initialValue: Counter.State = Counter.State()) -> CounterStore {
    TestStore(
      initialValue: initialValue,
      reducer: Counter.reducer(environment: .test(mainQueue: scheduler)),
      failureReporter: log.reporter)
  }

  @Test func counterWithoutEffects() {
    do {
      let store = makeCounterStore()
      store.send(.incrementButtonTapped) { $0.count = 1 }
      store.send(.incrementButtonTapped) { $0.count = 2 }
      store.send(.decrementButtonTapped) { $0.count = 1 }
      #expect(store.value.count == 1)
    }
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test func timerOnAndOff() {
    do {
      let store = makeCounterStore()
      store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
      scheduler.advance(by: .seconds(1))
      store.receive(.timerTick) { $0.count = 1 }
      scheduler.advance(by: .seconds(2))
      store.receive(.timerTick) { $0.count = 2 }
      store.receive(.timerTick) { $0.count = 3 }
      store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = false }
      scheduler.advance(by: .seconds(10))
      store.finish()
    }
    #expect(log.isEmpty, "\(log.failures)")
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func factAnsweredByAStubbedEnvironment() {
    do {
      let store = makeCounterStore(Counter.State(count: 7))
      store.send(.factButtonTapped) { $0.isLoading = true }
      scheduler.advance()
      store.receive(.factResponse("7 is a good number")) {
        $0.isLoading = false
        $0.fact = "7 is a good number"
      }
    }
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test func cancellingARequestStartedByAnEarlierSend() {
    do {
      let scheduler = scheduler
      var environment = Counter.Environment.test(mainQueue: scheduler)
      environment.fact = { n in Effect.sync { "\(n)" }.delay(for: .seconds(1), scheduler: scheduler) }
      let store = TestStore(
        initialValue: Counter.State(), reducer: Counter.reducer(environment: environment),
        failureReporter: log.reporter)
      store.send(.factButtonTapped) { $0.isLoading = true }
      // The request takes a second; the user cancels first.
      store.send(.cancelFactButtonTapped) { $0.isLoading = false }
      scheduler.advance(by: .seconds(1))
      // Nothing arrives: a receive here would fail, and the end checks find nothing running.
    }
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test func debounceRunsOnlyTheLastSearch() {
    let searches = SearchLog()
    do {
      let store = TestStore(
        initialValue: Search.State(),
        reducer: Search.reducer(mainQueue: scheduler) { query in
          .sync {
            searches.append(query)
            return ["\(query)!"]
          }
        },
        failureReporter: log.reporter)
      store.send(.queryChanged("p")) { $0.query = "p" }
      scheduler.advance(by: .milliseconds(200))
      store.send(.queryChanged("pr")) { $0.query = "pr" }
      scheduler.advance(by: .milliseconds(200))
      store.send(.queryChanged("pri")) { $0.query = "pri" }
      scheduler.advance(by: .milliseconds(299))
      #expect(searches.queries.isEmpty)
      scheduler.advance(by: .milliseconds(1))
      store.receive(.searchResponse(["pri!"])) { $0.results = ["pri!"] }
    }
    #expect(searches.queries == ["pri"])
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test func taskEffectReceivedWithATimeout() async {
    do {
      let store = makeCounterStore(Counter.State(count: 5))
      store.send(.nthPrimeButtonTapped) { $0.isLoading = true }
      await store.receive(.nthPrimeResponse(11), timeout: .seconds(60)) {
        $0.isLoading = false
        $0.nthPrime = 11
      }
      await store.finish()
    }
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test func effectDeliveringOnTheMainQueue() async {
    do {
      let store = TestStore(
        initialValue: Counter.State(count: 2),
        reducer: Counter.reducer(environment: .farAway(mainQueue: DispatchQueue.main)),
        failureReporter: log.reporter)
      store.send(.factButtonTapped) { $0.isLoading = true }
      await store.receive(.factResponse("2 from afar"), timeout: .seconds(60)) {
        $0.isLoading = false
        $0.fact = "2 from afar"
      }
      // `receive(on:)` ends its effect just after the last output: finish waits for that.
      await store.finish(timeout: .seconds(60))
    }
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test func synchronousActionsAreReceivedInOrder() {
    let reducer: Reducer<[String], String> = { log, action in
      log.append(action)
      switch action {
      case "start": return [.send("one"), .merge(.send("two"), .sync { "three" })]
      case "one": return [.send("one.a")]
      default: return []
      }
    }
    do {
      let store = TestStore(initialValue: [], reducer: reducer, failureReporter: log.reporter)
      store.send("start") { $0 = ["start"] }
      store.receive("one") { $0.append("one") }
      store.receive("two") { $0.append("two") }
      store.receive("three") { $0.append("three") }
      store.receive("one.a") { $0.append("one.a") }
    }
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test func predicateReceiveForActionsThatAreNotEquatable() {
    struct LoadError: Error {}
    enum Action { case load, loaded(Result<Int, any Error>) }
    let reducer: Reducer<Int, Action> = { value, action in
      switch action {
      case .load: return [.sync { .loaded(.failure(LoadError())) }]
      case .loaded(.success(let number)):
        value = number
        return []
      case .loaded(.failure):
        value = -1
        return []
      }
    }
    do {
      let store = TestStore(initialValue: 0, reducer: reducer, failureReporter: log.reporter)
      store.send(.load)
      store.receive({
        guard case .loaded(.failure) = $0 else { return false }
        return true
      }) {
        $0 = -1
      }
    }
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test func cancelledOutputWaitingOnTheSchedulerNeverArrives() {
    do {
      // The fact is computed at once, but its delivery waits on the scheduler: cancel in between.
      let store = makeCounterStore()
      store.send(.factButtonTapped) { $0.isLoading = true }
      #expect(scheduler.scheduledCount > 0)
      store.send(.cancelFactButtonTapped) { $0.isLoading = false }
      scheduler.advance()
    }
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test func skippingReceivedActions() {
    do {
      let store = makeCounterStore()
      store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
      scheduler.advance(by: .seconds(3))
      store.skipReceivedActions()
      #expect(store.value.count == 3)
      store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = false }
    }
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test func skippingInFlightEffects() {
    do {
      let store = makeCounterStore()
      store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
      store.skipInFlightEffects()
    }
    #expect(log.isEmpty, "\(log.failures)")
    // The end of the test still cancelled the timer.
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func nonExhaustiveStory() {
    do {
      let store = TestStore(
        initialValue: Counter.State(),
        reducer: Counter.reducer(environment: .test(mainQueue: scheduler)),
        exhaustivity: .off,
        failureReporter: log.reporter)
      store.send(.toggleTimerButtonTapped)
      scheduler.advance(by: .seconds(3))
      // All three ticks were reduced as they came, at 1, 2 and 3 s; the test checks two of the steps.
      store.receive(.timerTick) { $0.count = 1 }
      store.receive(.timerTick) { $0.count = 2 }
      // Sending passes over the third step; only the field the test names is checked.
      store.send(.incrementButtonTapped) { $0.count = 4 }
      // The timer is still on: in this mode the end cancels it without a failure.
    }
    #expect(log.isEmpty, "\(log.failures)")
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func storeGoingAwayCancelsItsEffects() {
    do {
      let store = makeCounterStore()
      store.exhaustivity = .off
      store.send(.toggleTimerButtonTapped)
      #expect(scheduler.scheduledCount == 1)
    }
    #expect(scheduler.scheduledCount == 0)
    #expect(log.isEmpty, "\(log.failures)")
  }
}

/// The queries a stubbed search was asked for.
final class SearchLog: Sendable {
  private let storage = LockedValue<[String]>([])
  func append(_ query: String) { storage.withValue { $0.append(query) } }
  var queries: [String] { storage.withValue { $0 } }
}
