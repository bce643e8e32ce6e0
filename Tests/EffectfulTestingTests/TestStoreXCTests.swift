import Dispatch
import Effectful
import EffectfulTesting
import XCTest

/// The test store under XCTest. Test methods run on the main thread, where a synchronous `receive`
/// can wait for `DispatchQueue.main` and main-actor work by running the run loop.
///
/// Not `@MainActor`: corelibs XCTest on Linux crashes discovering main-actor test classes. Each body
/// runs in `MainActor.assumeIsolated`, which holds because XCTest calls test methods on the main thread.
final class TestStoreXCTests: XCTestCase {
  func testTimerStoryWithATestScheduler() {
    MainActor.assumeIsolated {
      let log = FailureLog()
      let scheduler = TestScheduler()
      do {
        let store = TestStore(
          initialValue: Counter.State(),
          reducer: Counter.reducer(environment: .test(mainQueue: scheduler)),
          failureReporter: log.reporter)
        store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
        scheduler.advance(by: .seconds(2))
        store.receive(.timerTick) { $0.count = 1 }
        store.receive(.timerTick) { $0.count = 2 }
        store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = false }
      }
      XCTAssertTrue(log.isEmpty, "\(log.failures)")
    }
  }

  func testEffectOnTheMainQueueIsWaitedForSynchronously() {
    MainActor.assumeIsolated {
      let log = FailureLog()
      do {
        let store = TestStore(
          initialValue: Counter.State(count: 4),
          reducer: Counter.reducer(environment: .farAway(mainQueue: DispatchQueue.main)),
          failureReporter: log.reporter)
        store.send(.factButtonTapped) { $0.isLoading = true }
        store.receive(.factResponse("4 from afar"), timeout: .seconds(60)) {
          $0.isLoading = false
          $0.fact = "4 from afar"
        }
        store.finish(timeout: .seconds(60))
      }
      XCTAssertTrue(log.isEmpty, "\(log.failures)")
    }
  }

  func testTaskEffectIsWaitedForSynchronously() {
    MainActor.assumeIsolated {
      let log = FailureLog()
      do {
        let store = TestStore(
          initialValue: Counter.State(count: 6),
          reducer: Counter.reducer(environment: .test(mainQueue: ImmediateScheduler())),
          failureReporter: log.reporter)
        store.send(.nthPrimeButtonTapped) { $0.isLoading = true }
        store.receive(.nthPrimeResponse(13), timeout: .seconds(60)) {
          $0.isLoading = false
          $0.nthPrime = 13
        }
        store.finish(timeout: .seconds(60))
      }
      XCTAssertTrue(log.isEmpty, "\(log.failures)")
    }
  }

  func testStateMismatchIsReportedAtTheTestsLine() {
    MainActor.assumeIsolated {
      let log = FailureLog()
      let store = TestStore(
        initialValue: Counter.State(),
        reducer: Counter.reducer(environment: .test(mainQueue: ImmediateScheduler())),
        failureReporter: log.reporter)
      let line: UInt = #line + 1
      store.send(.decrementButtonTapped) { $0.count = 1 }
      XCTAssertEqual(log.failures.count, 1, "\(log.failures)")
      XCTAssertEqual(log.failures.first?.line, line)
      XCTAssertTrue(log.failures.first?.file.hasSuffix("TestStoreXCTests.swift") == true)
      XCTAssertTrue(
        log.failures.first?.message.contains("Counter.State.count: expected 1, actual -1") == true,
        "\(log.failures)")
    }
  }

  func testUnreceivedActionAndRunningEffectAtTheEnd() {
    MainActor.assumeIsolated {
      let log = FailureLog()
      let scheduler = TestScheduler()
      let line: UInt = #line + 6
      do {
        let store = TestStore(
          initialValue: Counter.State(),
          reducer: Counter.reducer(environment: .test(mainQueue: scheduler)),
          failureReporter: log.reporter)
        store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
        scheduler.advance(by: .seconds(1))
      }
      let failures = log.failures
      XCTAssertEqual(failures.map(\.line), [line, line], "\(failures)")
      guard failures.count == 2 else { return }
      XCTAssertTrue(
        failures[0].message.contains(
          "An effect started by send(.toggleTimerButtonTapped) sent .timerTick, which the test did not receive"
        ), failures[0].message)
      XCTAssertTrue(
        failures[1].message.contains(
          "An effect started by send(.toggleTimerButtonTapped) is still running at the end of the test."),
        failures[1].message)
      XCTAssertEqual(scheduler.scheduledCount, 0)
    }
  }

  func testReceiveWaitsOnlyUntilTheTimeoutWhenNothingComes() {
    MainActor.assumeIsolated {
      let log = FailureLog()
      // An effect that never finishes and never sends: receive gives up after its timeout.
      let reducer: Reducer<Int, String> = { _, _ in [.create { _ in }] }
      let store = TestStore(initialValue: 0, reducer: reducer, failureReporter: log.reporter)
      store.send("subscribe")
      let line: UInt = #line + 1
      store.receive("never", timeout: .milliseconds(20))
      store.skipInFlightEffects()
      XCTAssertEqual(log.failures.map(\.line), [line], "\(log.failures)")
      XCTAssertTrue(
        log.failures.first?.message.contains(#"Expected to receive "never", but no effect sent it."#) == true,
        "\(log.failures)")
    }
  }

  func testOffMainDeliveryIsReportedWhereTheEffectStarted() {
    MainActor.assumeIsolated {
      let log = FailureLog()
      let store = TestStore(
        initialValue: Counter.State(),
        reducer: Counter.reducer(environment: .farAway(mainQueue: ImmediateScheduler())),
        failureReporter: log.reporter)
      let line: UInt = #line + 1
      store.send(.factButtonTapped) { $0.isLoading = true }
      store.receive(.factResponse("0 from afar"), timeout: .seconds(60)) {
        $0.isLoading = false
        $0.fact = "0 from afar"
      }
      store.finish(timeout: .seconds(60))
      XCTAssertEqual(log.failures.map(\.line), [line], "\(log.failures)")
      XCTAssertTrue(log.failures.first?.message.contains("on a background thread") == true, "\(log.failures)")
    }
  }
}

/// The default reporter under XCTest: failures go to `XCTFail`, at the test's own file and line.
///
/// Corelibs XCTest has no `XCTExpectFailure`; overriding `recordFailure` captures the failure instead.
final class FailureRoutingXCTests: XCTestCase {
  private var captured: [(description: String, file: String, line: Int)] = []
  private var isCapturing = false

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    if isCapturing {
      captured.append((description, filePath, lineNumber))
    } else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

  func testTestStoreFailuresGoToXCTFail() {
    isCapturing = true
    let line = MainActor.assumeIsolated { () -> Int in
      let store = TestStore(
        initialValue: Counter.State(),
        reducer: Counter.reducer(environment: .test(mainQueue: ImmediateScheduler())))
      let line = #line + 1
      store.send(.incrementButtonTapped)
      return line
    }
    isCapturing = false
    XCTAssertEqual(captured.count, 1, "\(captured)")
    XCTAssertEqual(captured.first?.line, line)
    XCTAssertTrue(captured.first?.file.hasSuffix("/TestStoreXCTests.swift") == true)
    XCTAssertTrue(
      captured.first?.description.contains("send(.incrementButtonTapped) changed the state") == true,
      "\(captured)")
  }

  func testReportTestFailureGoesToXCTFail() {
    isCapturing = true
    reportTestFailure("boom", file: "/somewhere/Tests/FeatureTests/FeatureTests.swift", line: 42)
    isCapturing = false
    XCTAssertEqual(captured.map(\.line), [42])
    XCTAssertEqual(captured.first?.file, "/somewhere/Tests/FeatureTests/FeatureTests.swift")
    XCTAssertTrue(captured.first?.description.contains("boom") == true, "\(captured)")
  }
}

/// `unimplemented` under XCTest: the call fails the running test through `XCTFail`, naming the
/// placeholder, at the line where it was made.
final class UnimplementedXCTests: XCTestCase {
  private var captured: [(description: String, line: Int)] = []
  private var isCapturing = false

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    if isCapturing {
      captured.append((description, lineNumber))
    } else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

  func testCallingAPlaceholderFailsTheTestNamingIt() throws {
    let line = #line + 1
    let fetch: @Sendable (Int) throws -> String = unimplemented("NumberFactClient.fetch")
    isCapturing = true
    XCTAssertThrowsError(try fetch(1)) { error in
      XCTAssertEqual(error as? UnimplementedError, UnimplementedError(name: "NumberFactClient.fetch"))
    }
    isCapturing = false
    XCTAssertEqual(captured.map(\.line), [line])
    XCTAssertTrue(
      captured.first?.description.contains("Unimplemented: NumberFactClient.fetch was called.") == true,
      "\(captured)")
  }
}
