import Effectful
import EffectfulTesting
import Observation
import Testing

@MainActor
@Suite("The seeds' three-tab app")
struct AppFeatureTests {
  @Test func incrementInFirstTab() {
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    }
    store.send(.tab1(.incrementButtonTapped)) {  // was: await store.send
      $0.tab1.count = 1
    }
  }

  @Test func eachTabIsItsOwnCounter() async {
    let clock = TestClock()
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.tab2(.toggleTimerButtonTapped)) { $0.tab2.isTimerRunning = true }
    store.send(.tab3(.decrementButtonTapped)) { $0.tab3.count = -1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.tab2(.timerTick)) { $0.tab2.count = 1 }
    store.send(.tab2(.toggleTimerButtonTapped)) { $0.tab2.isTimerRunning = false }
  }

  @Test func aTabsStoreSendsThroughTheApp() {
    let store = Store(initialState: AppFeature.State()) {
      AppFeature()
    }
    let tab1 = store.scope(state: \.tab1, action: AppFeature.Action.tab1)  // was: action: \.tab1
    tab1.send(.incrementButtonTapped)
    #expect(tab1.count == 1)
    #expect(store.tab1.count == 1)
    #expect(store.tab2.count == 0)
  }

  @Test func aTabsStoreTellsObservationOnlyAboutItsTab() {
    let store = Store(initialState: AppFeature.State()) {
      AppFeature()
    }
    let tab1 = store.scope(state: \.tab1, action: AppFeature.Action.tab1)
    let changes = Counter()
    withObservationTracking { _ = tab1.count } onChange: { changes.count += 1 }
    store.send(.tab2(.incrementButtonTapped))
    #expect(changes.count == 0)
    store.send(.tab1(.incrementButtonTapped))
    #expect(changes.count == 1)
  }
}

/// A count an observation's `onChange` can bump: it runs on the main actor, during the send.
final class Counter: @unchecked Sendable {
  var count = 0
}
