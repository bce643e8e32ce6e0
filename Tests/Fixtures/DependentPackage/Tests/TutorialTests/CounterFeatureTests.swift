import Effectful
import EffectfulTesting
import Testing

@testable import Tutorial

/// The tutorial's counter, ported by three edits, runs as the tutorial writes it: its timer on the
/// real clock (a second a tick), stopped by `.cancel(id:)`.
@MainActor
@Suite struct CounterFeatureTests {
  @Test func theTimerTicksInRealTimeUntilCancelled() async throws {
    let store = Store(initialState: CounterFeature.State()) { CounterFeature() }
    let timer = store.send(.toggleTimerButtonTapped)
    // Waits for two ticks, however long the machine takes: what is checked is the count.
    let deadline = ContinuousClock.now.advanced(by: .seconds(60))
    while store.count < 2, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(store.value.count == 2)
    store.send(.toggleTimerButtonTapped)
    // The timer's effect ends because it was cancelled: `while true` never returns on its own.
    await timer.finish()
    #expect(!store.value.isTimerRunning)
    #expect(store.value.count == 2)
  }

  @Test func everyOtherCaseReturnsNone() {
    let reducer = CounterFeature().reducer
    var state = CounterFeature.State()
    #expect(reducer(&state, .incrementButtonTapped).isEmpty)
    #expect(reducer(&state, .decrementButtonTapped).isEmpty)
    #expect(reducer(&state, .timerTick).isEmpty)
    #expect(reducer(&state, .factResponse("1 is the loneliest number.")).isEmpty)
    #expect(state == CounterFeature.State(count: 1, fact: "1 is the loneliest number."))
    #expect(reducer(&state, .factButtonTapped).count == 1)
    #expect(reducer(&state, .toggleTimerButtonTapped).count == 1)
    #expect(reducer(&state, .toggleTimerButtonTapped).count == 1)
  }

  @Test func aFactResponseIsReceivedByCaseWhateverItSays() async {
    // The tutorial's fact comes from numbersapi.com; offline, the test answers with a random one,
    // keeping the feature's own state changes.
    let feature = CounterFeature().reducer
    let reducer: Reducer<CounterFeature.State, CounterFeature.Action> = { state, action in
      let effects = feature(&state, action)
      guard case .factButtonTapped = action else { return effects }
      return .run { send in await send(.factResponse("\(Int.random(in: 0...1_000)) is a number.")) }
    }
    let store = TestStore(initialValue: CounterFeature.State(), reducer: reducer, exhaustivity: .off)
    store.send(.factButtonTapped) { $0.isLoading = true }
    await store.receive(CounterFeature.Action.factResponse, timeout: .seconds(60)) { $0.isLoading = false }
    #expect(store.value.fact?.hasSuffix(" is a number.") == true)
  }
}
