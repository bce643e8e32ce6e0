import Effectful
import EffectfulTesting
import EffectfulTutorial
import XCTest

/// The timer story under XCTest: an async test method, a `Store` and a `TestClock`.
final class CounterFeatureXCTests: XCTestCase {
  @MainActor
  func testTimerTicksOnTheTestClock() async {
    let clock = TestClock()
    let store = withDependencies {
      $0.continuousClock = clock
    } operation: {
      Store(
        initialValue: CounterFeature.State(),
        reducer: CounterFeature.reducer(environment: .init(fact: { "\($0)" })))
    }
    store.send(.toggleTimerButtonTapped)
    await clock.advance(by: .seconds(10))
    XCTAssertEqual(store.value.count, 10)
    store.send(.toggleTimerButtonTapped)
    await clock.advance()
    XCTAssertEqual(store.value, CounterFeature.State(count: 10))
  }
}
