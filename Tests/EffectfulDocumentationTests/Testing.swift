import Effectful
import EffectfulTesting
import Foundation
import Testing
import XCTest

// The code of EffectfulTesting.docc/Articles/Testing.md (check-docs compares the article's blocks
// with it). The features under test are the counter of GettingStarted.swift and the stopwatch of
// CancellationAndTime.swift.

@MainActor
@Suite("Testing")
struct TestingArticleTests {
  @Test func factButtonTapped() {
    let store = TestStore(
      initialValue: CounterState(count: 3),
      reducer: counterReducer(environment: .offline)
    )
    store.send(.incrementButtonTapped) { $0.count = 4 }
    store.send(.factButtonTapped) { $0.isLoading = true }
    store.receive(.factResponse("4 is even.")) {
      $0.isLoading = false
      $0.fact = "4 is even."
    }
  }

  @Test func aFactReceivedByCase() async {
    let environment = CounterEnvironment(fact: { n in
      .send("\(n) is fact number \(Int.random(in: 1...99)).")
    })
    let store = TestStore(
      initialValue: CounterState(),
      reducer: counterReducer(environment: environment),
      exhaustivity: .off)
    store.send(.factButtonTapped) { $0.isLoading = true }
    await store.receive(CounterAction.factResponse) { $0.isLoading = false }
    #expect(store.value.fact?.hasPrefix("0 is fact number ") == true)
  }

  @Test func aStoryThatNeverAsksForAFact() {
    let environment = CounterEnvironment(
      fact: unimplemented(
        "CounterEnvironment.fact", placeholder: Effect<String?>.none))
    let store = TestStore(
      initialValue: CounterState(),
      reducer: counterReducer(environment: environment))
    store.send(.incrementButtonTapped) { $0.count = 1 }
  }

  @Test func aFactFromTheTest() {
    let environment = CounterEnvironment(fact: { n in
      .send("\(n) is the test's number.")
    })
    let store = TestStore(
      initialValue: CounterState(),
      reducer: counterReducer(environment: environment))
    store.send(.factButtonTapped) { $0.isLoading = true }
    store.receive(.factResponse("0 is the test's number.")) {
      $0.isLoading = false
      $0.fact = "0 is the test's number."
    }
  }

  @Test func whatAFailureLooksLike() {
    var failures: [String] = []
    let store = TestStore(
      initialValue: CounterState(),
      reducer: counterReducer(environment: .offline),
      failureReporter: { message, _, _ in
        MainActor.assumeIsolated { failures.append(message) }
      }
    )
    store.send(.factButtonTapped) { $0.isLoading = true }
    store.receive(.factResponse("0 is even.")) {
      $0.fact = "0 is even."
    }
    #expect(failures.count == 1)
    let message = failures.first ?? ""
    #expect(
      message.contains("isLoading: expected true, actual false"),
      "\(message)")
  }

  @Test func stopwatchOnVirtualTime() {
    let scheduler = TestScheduler()
    let store = TestStore(
      initialValue: StopwatchState(),
      reducer: stopwatchReducer(scheduler: scheduler))
    store.send(.startStopButtonTapped) { $0.isRunning = true }
    scheduler.advance(by: .seconds(1))
    store.receive(.tick) { $0.seconds = 1 }
    scheduler.advance(by: .seconds(1))
    store.receive(.tick) { $0.seconds = 2 }
    store.send(.startStopButtonTapped) { $0.isRunning = false }
  }

  @Test func nonExhaustive() {
    let store = TestStore(
      initialValue: CounterState(),
      reducer: counterReducer(environment: .offline),
      exhaustivity: .off
    )
    store.send(.incrementButtonTapped)
    store.send(.factButtonTapped)
    store.receive(.factResponse("1 is odd.")) { $0.fact = "1 is odd." }
  }

  @Test func skipping() {
    let store = TestStore(
      initialValue: CounterState(),
      reducer: counterReducer(environment: .offline))
    store.send(.factButtonTapped) { $0.isLoading = true }
    store.skipReceivedActions()
    store.send(.incrementButtonTapped) { $0.count = 1 }
  }

  @Test func aRealQueue() async {
    let environment = CounterEnvironment(fact: { n in
      Effect { callback in
        DispatchQueue.global().async { callback("\(n) arrived late.") }
      }
      .receive(on: DispatchQueue.main)
    })
    let store = TestStore(
      initialValue: CounterState(),
      reducer: counterReducer(environment: environment))
    store.send(.factButtonTapped) { $0.isLoading = true }
    await store.receive(
      .factResponse("0 arrived late."), timeout: .seconds(5)
    ) {
      $0.isLoading = false
      $0.fact = "0 arrived late."
    }
    await store.finish()
  }
}

final class CounterXCTests: XCTestCase {
  func testIncrement() {
    MainActor.assumeIsolated {
      let store = TestStore(
        initialValue: CounterState(),
        reducer: counterReducer(environment: .offline))
      store.send(.incrementButtonTapped) { $0.count = 1 }
      store.send(.decrementButtonTapped) { $0.count = 0 }
    }
  }

  @MainActor func testFact() async {
    let store = TestStore(
      initialValue: CounterState(count: 3),
      reducer: counterReducer(environment: .offline))
    store.send(.factButtonTapped) { $0.isLoading = true }
    await store.receive(.factResponse("3 is odd.")) {
      $0.isLoading = false
      $0.fact = "3 is odd."
    }
  }
}

// Actions reduced as they arrive: a timer that stops itself.
struct EggTimerState: Equatable {
  var secondsLeft = 3
  var isRunning = false
}

enum EggTimerAction: Equatable, Sendable {
  case startTapped
  case tick
}

enum EggTimerID: Hashable, Sendable { case timer }

func eggTimerReducer(
  scheduler: some Scheduler
) -> Reducer<EggTimerState, EggTimerAction> {
  { state, action in
    switch action {
    case .startTapped:
      state.isRunning = true
      return [
        Effect.timer(
          id: EggTimerID.timer, every: .seconds(1), on: scheduler
        ).map { _ in .tick }
      ]
    case .tick:
      state.secondsLeft -= 1
      guard state.secondsLeft == 0 else { return [] }
      state.isRunning = false
      return [.cancel(id: EggTimerID.timer)]
    }
  }
}

@MainActor
@Suite("Testing: the app's timeline, clocks and store tasks")
struct TimelineTests {
  @Test func eggTimer() {
    let scheduler = TestScheduler()
    let store = TestStore(
      initialValue: EggTimerState(),
      reducer: eggTimerReducer(scheduler: scheduler))
    store.send(.startTapped) { $0.isRunning = true }
    scheduler.advance(by: .seconds(10))
    #expect(store.value.secondsLeft == 0)  // all three ticks are in already
    store.receive(.tick) { $0.secondsLeft = 2 }
    store.receive(.tick) { $0.secondsLeft = 1 }
    store.receive(.tick) {
      $0.secondsLeft = 0
      $0.isRunning = false
    }
    // No fourth tick: the third one's cancellation stopped the timer at 3 s.
  }

  @Test func stopwatchOnATestClock() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: StopwatchState(),
      reducer: clockStopwatchReducer(
        environment: StopwatchEnvironment(clock: clock)))
    store.send(.startStopButtonTapped) { $0.isRunning = true }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.seconds = 1 }
    await store.receive(.tick) { $0.seconds = 2 }
    store.send(.startStopButtonTapped) { $0.isRunning = false }
  }

  @Test func waitingForASendsEffects() async {
    let store = Store(
      initialValue: CounterState(count: 3),
      reducer: counterReducer(
        environment: CounterEnvironment(fact: { n in
          .task { "\(n) came from an async function." }
        })))
    await store.send(.factButtonTapped).finish()
    #expect(store.value.fact == "3 came from an async function.")
  }

  @Test func finishingInAnotherTask() async {
    let clock = TestClock()
    let store = Store(
      initialValue: EggTimerState(),
      reducer: eggTimerReducer(scheduler: clock))
    let timer = store.send(.startTapped)
    async let ended: Void = timer.finish()  // waits: the test advances
    await clock.advance(by: .seconds(3))
    await ended
    #expect(store.value.secondsLeft == 0)
  }
}
