import Testing

@testable import EffectfulTesting

/// A test store kept past its test (in a global or a static) is reported where it is used next.
@MainActor
@Suite struct TestStoreLeakTests {
  @Test func aStoreUsedInAnotherTestIsReportedOnce() {
    let log = FailureLog()
    let store = TestStore(
      initialValue: Counter.State(),
      reducer: Counter.reducer(environment: .test(mainQueue: TestScheduler())),
      failureReporter: log.reporter)
    // As if the store had been made by another test and kept in a static.
    store.owningTest = OwningTest(id: "another-test", name: "anotherTest()")
    store.send(.incrementButtonTapped) { $0.count = 1 }
    store.send(.incrementButtonTapped) { $0.count = 2 }
    #expect(log.failures.count == 1)
    #expect(log.failures.first?.message.contains(#"was made in the test "anotherTest()""#) == true)
    #expect(log.failures.first?.line == 16)
  }

  @Test func aStoreUsedInItsOwnTestIsFine() {
    let log = FailureLog()
    let store = TestStore(
      initialValue: Counter.State(),
      reducer: Counter.reducer(environment: .test(mainQueue: TestScheduler())),
      failureReporter: log.reporter)
    #expect(store.owningTest?.name == "aStoreUsedInItsOwnTestIsFine()")
    store.send(.incrementButtonTapped) { $0.count = 1 }
    #expect(log.isEmpty)
  }
}
