import Effectful
@testable import EffectfulTesting
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
    // The timer's story never asks for a fact: if it did, the placeholder would fail the test.
    let store = TestStore(
      initialValue: CounterFeature.State(),
      reducer: CounterFeature.reducer(
        environment: .init(fact: unimplemented("CounterFeature.Environment.fact"))),
      withDependencies: { $0.continuousClock = clock })
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
        environment: .init(fact: { "\($0) is a good number." })))
    store.send(.factButtonTapped) { $0.isLoading = true }
    await store.receive(.factResponse("3 is a good number.")) {
      $0.isLoading = false
      $0.fact = "3 is a good number."
    }
    await store.finish()
  }

  @Test("The fact, received by its case: any fact will do")
  func factByCase() async {
    let store = TestStore(
      initialValue: CounterFeature.State(count: 3),
      reducer: CounterFeature.reducer(
        environment: .init(fact: { _ in "\(Int.random(in: 0...9)) is a good number." })),
      exhaustivity: .off)
    store.send(.factButtonTapped) { $0.isLoading = true }
    await store.receive(CounterFeature.Action.factResponse) { $0.isLoading = false }
    #expect(store.value.fact?.hasSuffix(" is a good number.") == true)
    await store.finish()
  }

  @Test("A story that reaches an unimplemented dependency fails, naming it")
  func unimplementedFact() async {
    let store = TestStore(
      initialValue: CounterFeature.State(count: 3),
      reducer: CounterFeature.reducer(
        environment: .init(fact: unimplemented("CounterFeature.Environment.fact"))))
    // The reducer's `catch:` turns the placeholder's error into a fact that says so.
    let failures = await collectingFailures {
      store.send(.factButtonTapped) { $0.isLoading = true }
      await store.receive(CounterFeature.Action.factResponse) {
        $0.isLoading = false
        $0.fact =
          "No fact about 3 right now (CounterFeature.Environment.fact is unimplemented: "
          + "the test made it a placeholder that fails when called.)."
      }
    }
    #expect(failures.count == 1)
    #expect(
      failures.first?.message.hasPrefix("Unimplemented: CounterFeature.Environment.fact was called.") == true)
    await store.finish()
  }
}
