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
}
