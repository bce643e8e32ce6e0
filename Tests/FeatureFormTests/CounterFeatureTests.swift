import Effectful
import EffectfulTesting
import Testing

// The seeds' test stories for the tutorial counter. Edited: `await store.send(…)` is
// `store.send(…)` (a test store's send is synchronous here: `await` on it is the warning "no
// 'async' operations occur within 'await' expression"), and `receive(\.timerTick)`, a key path
// to a case, is `receive(.timerTick)`, or the case itself for one with a payload.

@MainActor
@Suite("The seeds' counter as a feature")
struct CounterFeatureTests {
  @Test func basics() {
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    }
    store.send(.incrementButtonTapped) {  // was: await store.send
      $0.count = 1
    }
    store.send(.decrementButtonTapped) {  // was: await store.send
      $0.count = 0
    }
  }

  @Test func timer() async {
    let clock = TestClock()
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.toggleTimerButtonTapped) {  // was: await store.send
      $0.isTimerRunning = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTick) {  // was: \.timerTick
      $0.count = 1
    }
    store.send(.toggleTimerButtonTapped) {  // was: await store.send
      $0.isTimerRunning = false
    }
  }

  @Test func numberFact() async {
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    }
    store.send(.factButtonTapped) {  // was: await store.send
      $0.isLoading = true
    }
    await store.receive(CounterFeature.Action.factResponse, timeout: .seconds(1)) {  // was: \.factResponse
      $0.isLoading = false
      $0.fact = "0 is a good number."
    }
  }

  @Test func theFactArrivesWithItsPayload() async {
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    }
    store.send(.factButtonTapped) { $0.isLoading = true }
    await store.receive(.factResponse("0 is a good number.")) {
      $0.isLoading = false
      $0.fact = "0 is a good number."
    }
  }

  @Test func aStoreRunsTheFeatureAsTheAppDoes() async {
    let store = Store(initialState: CounterFeature.State()) {
      CounterFeature()
    }
    store.send(.incrementButtonTapped)
    await store.send(.factButtonTapped).finish()
    #expect(store.count == 1)
    #expect(store.fact == "1 is a good number.")
    #expect(store.isLoading == false)
  }
}

@MainActor
@Suite("A feature that implements reduce(into:action:) -> Effect")
struct ReduceMethodFeatureTests {
  @Test func oneEffectReadsAsTheSeedsWriteIt() async {
    let store = TestStore(initialState: ReduceMethodFeature.State()) {
      ReduceMethodFeature()
    }
    store.send(.incrementButtonTapped) { $0.count = 1 }
    store.send(.saveButtonTapped) { $0.isSaving = true }
    await store.receive(.saved) { $0.isSaving = false }
  }

  @Test func itsBothForms() {
    let feature = ReduceMethodFeature()
    var state = ReduceMethodFeature.State()
    let effects: [Effect<ReduceMethodFeature.Action>] = feature.reduce(
      into: &state, action: .saveButtonTapped)
    #expect(effects.count == 1)
    let none: [Effect<ReduceMethodFeature.Action>] = feature.reduce(
      into: &state, action: .incrementButtonTapped)
    #expect(none.isEmpty)
    #expect(state == ReduceMethodFeature.State(count: 1, isSaving: true))
  }
}
