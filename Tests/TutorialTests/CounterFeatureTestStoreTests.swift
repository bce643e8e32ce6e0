import Effectful
import EffectfulTesting
import EffectfulTutorial
import Testing

/// The tutorial's stories as the tutorial tells them: an exhaustive `TestStore` on a `TestClock`,
/// each action an effect sends received and described.
@MainActor
@Suite("The tutorial's counter, on a TestStore")
struct CounterFeatureTestStoreTests {
  @Test("The timer: ticks received one by one, then toggled off")
  func timer() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: CounterFeature.State(),
      reducer: CounterFeature.reducer(environment: .init(fact: { "\($0) is a good number." }, clock: clock)))
    store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTick) { $0.count = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTick) { $0.count = 2 }
    store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = false }
    await store.finish()
  }

  @Test("The fact: loading, then the fact")
  func fact() async {
    let store = TestStore(
      initialValue: CounterFeature.State(count: 3),
      reducer: CounterFeature.reducer(
        environment: .init(fact: { "\($0) is a good number." }, clock: TestClock())))
    store.send(.factButtonTapped) { $0.isLoading = true }
    await store.receive(.factResponse("3 is a good number.")) {
      $0.isLoading = false
      $0.fact = "3 is a good number."
    }
    await store.finish()
  }
}
