import Effectful
import EffectfulTesting
import EffectfulTutorial
import Testing

private struct FactServiceDown: Error {}

/// The tutorial's stories, told against a `Store` on a `TestClock`.
@MainActor
@Suite("The tutorial's counter")
struct CounterFeatureStoryTests {
  private func makeStore(
    count: Int = 0,
    fact: @escaping @Sendable (Int) async throws -> String = { "\($0) is a good number." },
    clock: TestClock = TestClock()
  ) -> Store<CounterFeature.State, CounterFeature.Action> {
    withDependencies {
      $0.continuousClock = clock
    } operation: {
      Store(
        initialValue: CounterFeature.State(count: count),
        reducer: CounterFeature.reducer(environment: .init(fact: fact)))
    }
  }

  @Test("Counting up and down changes the count and clears the fact")
  func countingClearsTheFact() async {
    let store = makeStore()
    store.send(.incrementButtonTapped)
    store.send(.incrementButtonTapped)
    #expect(store.value == CounterFeature.State(count: 2))
    await store.send(.factButtonTapped).finish()
    #expect(store.value.fact == "2 is a good number.")
    store.send(.decrementButtonTapped)
    #expect(store.value == CounterFeature.State(count: 1))
  }

  @Test("The fact button loads a fact about the count, then shows it")
  func fact() async {
    let store = makeStore(count: 3)
    let task = store.send(.factButtonTapped)
    #expect(store.value == CounterFeature.State(count: 3, isLoading: true))
    await task.finish()
    #expect(store.value == CounterFeature.State(count: 3, fact: "3 is a good number."))
  }

  @Test("A fact that cannot be fetched says so, and loading ends")
  func factFailure() async {
    let store = makeStore(count: 3, fact: { _ in throw FactServiceDown() })
    await store.send(.factButtonTapped).finish()
    #expect(store.value.isLoading == false)
    #expect(store.value.fact?.hasPrefix("No fact about 3 right now") == true)
  }

  @Test("Counting while a fact loads cancels it: a fact about the old count never shows")
  func countingCancelsALoadingFact() async {
    let clock = TestClock()
    let store = makeStore(
      count: 3,
      fact: { number in
        try await clock.sleep(for: .seconds(2))
        return "\(number) is a slow number."
      },
      clock: clock)
    let task = store.send(.factButtonTapped)
    await clock.advance(by: .seconds(1))
    store.send(.incrementButtonTapped)
    await clock.advance(by: .seconds(5))
    await task.finish()
    #expect(store.value == CounterFeature.State(count: 4))
    #expect(task.isCancelled)
  }

  @Test("The timer counts a tick a second on the clock, and stops when toggled off")
  func timer() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    store.send(.toggleTimerButtonTapped)
    #expect(store.value == CounterFeature.State(isTimerRunning: true))
    await clock.advance(by: .seconds(1))
    #expect(store.value.count == 1)
    await clock.advance(by: .milliseconds(2_500))
    #expect(store.value.count == 3)
    store.send(.toggleTimerButtonTapped)
    await clock.advance(by: .seconds(10))
    #expect(store.value == CounterFeature.State(count: 3))
    #expect(clock.sleeperCount == 0)
  }

  @Test("Ticks clear the fact, as every count change does")
  func tickClearsTheFact() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.factButtonTapped).finish()
    let timer = store.send(.toggleTimerButtonTapped)
    await clock.advance(by: .seconds(1))
    #expect(store.value == CounterFeature.State(count: 1, isTimerRunning: true))
    timer.cancel()
  }

  @Test("Offline by default: facts are computed locally")
  func offlineFacts() async {
    let store = Store(initialValue: CounterFeature.State(count: 2), reducer: CounterFeature.reducer())
    await store.send(.factButtonTapped).finish()
    #expect(store.value.fact == "2 is the only even prime number.")
  }

  @Test("On an ImmediateClock the timer does not wait")
  func immediateClock() async {
    let store = withDependencies {
      $0.continuousClock = ImmediateClock()
    } operation: {
      Store(initialValue: CounterFeature.State(), reducer: CounterFeature.reducer())
    }
    let stopper = store.subscribe { state in
      if state.isTimerRunning, state.count == 5 { store.send(.toggleTimerButtonTapped) }
    }
    await store.send(.toggleTimerButtonTapped).finish()
    #expect(store.value == CounterFeature.State(count: 5))
    stopper.cancel()
  }
}
