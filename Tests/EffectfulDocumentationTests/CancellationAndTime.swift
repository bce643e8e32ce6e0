import Effectful
import EffectfulTesting
import Foundation
import Testing

// The code of Articles/CancellationAndTime.md (check-docs compares the article's blocks with it).

struct SearchState: Equatable {
  var query = ""
  var results: [String] = []
}

enum SearchAction: Equatable, Sendable {
  case queryChanged(String)
  case clearButtonTapped
  case searchResponse([String])
}

struct AsyncSearchEnvironment: Sendable {
  var search: @Sendable (String) async throws -> [String]
  var clock: any Clock<Duration>
}

func asyncSearchReducer(
  environment: AsyncSearchEnvironment
) -> Reducer<SearchState, SearchAction> {
  { state, action in
    switch action {
    case .queryChanged(let query):
      state.query = query
      return [
        .run { send in
          let results = try await environment.search(query)
          await send(.searchResponse(results))
        }
        .debounce(
          id: SearchID.search, for: .milliseconds(300),
          clock: environment.clock)
      ]
    case .clearButtonTapped:
      state.query = ""
      state.results = []
      return [.cancel(id: SearchID.search)]
    case .searchResponse(let results):
      state.results = results
      return []
    }
  }
}

struct SearchEnvironment: Sendable {
  var search: @Sendable (String) -> Effect<[String]>
  var mainQueue: any Scheduler
}

enum SearchID: Hashable, Sendable { case search }

func searchReducer(
  environment: SearchEnvironment
) -> Reducer<SearchState, SearchAction> {
  { state, action in
    switch action {
    case .queryChanged(let query):
      state.query = query
      return [
        environment.search(query)
          .receive(on: environment.mainQueue)
          .map(SearchAction.searchResponse)
          .debounce(
            id: SearchID.search, for: .milliseconds(300),
            scheduler: environment.mainQueue)
      ]
    case .clearButtonTapped:
      state.query = ""
      state.results = []
      return [.cancel(id: SearchID.search)]
    case .searchResponse(let results):
      state.results = results
      return []
    }
  }
}

struct StopwatchState: Equatable {
  var seconds = 0
  var isRunning = false
}

enum StopwatchAction: Equatable, Sendable {
  case startStopButtonTapped
  case tick
}

enum StopwatchID: Hashable, Sendable { case timer }

func stopwatchReducer(
  scheduler: some Scheduler
) -> Reducer<StopwatchState, StopwatchAction> {
  { state, action in
    switch action {
    case .startStopButtonTapped:
      state.isRunning.toggle()
      guard state.isRunning else {
        return [.cancel(id: StopwatchID.timer)]
      }
      return [
        Effect.timer(
          id: StopwatchID.timer, every: .seconds(1), on: scheduler
        ).map { _ in .tick }
      ]
    case .tick:
      state.seconds += 1
      return []
    }
  }
}

struct StopwatchEnvironment: Sendable {
  /// ContinuousClock() in the app, TestClock() in tests, ImmediateClock()
  /// in previews and offline demos.
  var clock: any Clock<Duration>
}

func clockStopwatchReducer(
  environment: StopwatchEnvironment
) -> Reducer<StopwatchState, StopwatchAction> {
  { state, action in
    switch action {
    case .startStopButtonTapped:
      state.isRunning.toggle()
      guard state.isRunning else {
        return [.cancel(id: StopwatchID.timer)]
      }
      return [
        .run { send in
          for await _ in environment.clock.timer(interval: .seconds(1)) {
            await send(.tick)
          }
        }
        .cancellable(id: StopwatchID.timer)
      ]
    case .tick:
      state.seconds += 1
      return []
    }
  }
}

enum FactID: Hashable, Sendable { case request }

/// A fact request that replaces the one before it: a second tap cancels
/// the first request.
func latestFact(_ fact: Effect<String?>) -> Effect<String?> {
  fact.cancellable(id: FactID.request, cancelInFlight: true)
}

enum ScrollID: Hashable, Sendable { case scroll }

/// At most one page load a second, however fast the user scrolls; the
/// latest offset wins.
func loadMore(
  at offset: Int, on scheduler: some Scheduler
) -> Effect<Int> {
  Effect.send(offset).throttle(
    id: ScrollID.scroll, for: .seconds(1), scheduler: scheduler,
    latest: true)
}

@MainActor
@Suite("Cancellation and time")
struct CancellationAndTimeTests {
  let scheduler = TestScheduler()

  func makeStore() -> TestStore<SearchState, SearchAction> {
    TestStore(
      initialValue: SearchState(),
      reducer: searchReducer(
        environment: SearchEnvironment(
          search: { query in .send(["\(query)1", "\(query)2"]) },
          mainQueue: scheduler)))
  }

  @Test func typingFastSearchesOnce() {
    let store = makeStore()
    store.send(.queryChanged("e")) { $0.query = "e" }
    scheduler.advance(by: .milliseconds(100))
    store.send(.queryChanged("ef")) { $0.query = "ef" }
    scheduler.advance(by: .milliseconds(300))
    store.receive(.searchResponse(["ef1", "ef2"])) {
      $0.results = ["ef1", "ef2"]
    }
  }

  @Test func typingFastSearchesOnceWithAnAsyncClient() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: SearchState(),
      reducer: asyncSearchReducer(
        environment: AsyncSearchEnvironment(
          search: { query in ["\(query)1", "\(query)2"] },
          clock: clock)))
    store.send(.queryChanged("e")) { $0.query = "e" }
    await clock.advance(by: .milliseconds(100))
    store.send(.queryChanged("ef")) { $0.query = "ef" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchResponse(["ef1", "ef2"])) {
      $0.results = ["ef1", "ef2"]
    }
  }

  @Test func clearingCancelsTheSearch() {
    let store = makeStore()
    store.send(.queryChanged("e")) { $0.query = "e" }
    store.send(.clearButtonTapped) { $0.query = "" }
    scheduler.advance(by: .seconds(1))  // nothing arrives: the search never started
  }

  @Test func stopwatch() {
    let store = TestStore(
      initialValue: StopwatchState(),
      reducer: stopwatchReducer(scheduler: scheduler))
    store.send(.startStopButtonTapped) { $0.isRunning = true }
    scheduler.advance(by: .seconds(2))
    store.receive(.tick) { $0.seconds = 1 }
    store.receive(.tick) { $0.seconds = 2 }
    store.send(.startStopButtonTapped) { $0.isRunning = false }
  }

  @Test func cancelInFlightKeepsOnlyTheLatestRequest() {
    let store = TestStore(
      initialValue: [String?](),
      reducer: { (answers: inout [String?], action: FactAction) in
        switch action {
        case .factButtonTapped(let question):
          return [
            latestFact(
              Effect<String?>.send(question).delay(
                for: .seconds(1), scheduler: self.scheduler)
            )
            .map(FactAction.factResponse)
          ]
        case .factResponse(let answer):
          answers.append(answer)
          return []
        }
      })
    store.send(.factButtonTapped("first"))
    store.send(.factButtonTapped("second"))
    scheduler.advance(by: .seconds(1))
    store.receive(.factResponse("second")) { $0 = ["second"] }
  }

  @Test func throttleLetsTheFirstThroughAndTheLatestAfterTheInterval() {
    let store = TestStore(
      initialValue: [Int](),
      reducer: { (pages: inout [Int], action: FeedAction) in
        switch action {
        case .scrolled(let offset):
          return [
            loadMore(at: offset, on: self.scheduler).map(
              FeedAction.loadPage)
          ]
        case .loadPage(let offset):
          pages.append(offset)
          return []
        }
      })
    store.send(.scrolled(10))
    scheduler.advance()  // the first passes at once, on the scheduler
    store.receive(.loadPage(10)) { $0 = [10] }
    store.send(.scrolled(20))
    store.send(.scrolled(30))
    scheduler.advance(by: .seconds(1))
    store.receive(.loadPage(30)) { $0 = [10, 30] }
  }
}

enum FactAction: Equatable, Sendable {
  case factButtonTapped(String)
  case factResponse(String?)
}

enum FeedAction: Equatable, Sendable {
  case scrolled(Int)
  case loadPage(Int)
}

@MainActor
@Suite("Cancellation and time: clocks")
struct ClockTests {
  @Test func tenTicksForTenSeconds() async {
    let clock = TestClock()
    let store = Store(
      initialValue: StopwatchState(),
      reducer: clockStopwatchReducer(
        environment: StopwatchEnvironment(clock: clock)))
    store.send(.startStopButtonTapped)
    await clock.advance(by: .seconds(10))
    #expect(store.value.seconds == 10)  // ten ticks, every run
    store.send(.startStopButtonTapped)

    await clock.advance(by: .seconds(10))
    #expect(store.value.seconds == 10)
    #expect(clock.sleeperCount == 0)
  }

  @Test func anImmediateClockDoesNotWait() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(60))
    #expect(clock.now == SchedulerInstant(sinceOrigin: .seconds(60)))
  }
}
