import Effectful  // was: import ComposableArchitecture

// was: @Reducer struct CounterFeature {
struct CounterFeature: ReducerProtocol {
  // was: @ObservableState
  struct State: Equatable {
    var count = 0
    var fact: String?
    var isLoading = false
    var isTimerRunning = false
  }

  enum Action {
    case decrementButtonTapped
    case factButtonTapped
    case factResponse(String)
    case incrementButtonTapped
    case timerTick
    case toggleTimerButtonTapped
  }

  enum CancelID { case timer }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        state.fact = nil
        return .none

      case .factButtonTapped:
        state.fact = nil
        state.isLoading = true
        return .run { [count = state.count] send in
          let (data, _) = try await URLSession.shared
            .data(from: URL(string: "http://numbersapi.com/\(count)")!)
          let fact = String(decoding: data, as: UTF8.self)
          await send(.factResponse(fact))
        }

      case let .factResponse(fact):
        state.fact = fact
        state.isLoading = false
        return .none

      case .incrementButtonTapped:
        state.count += 1
        state.fact = nil
        return .none

      case .timerTick:
        state.count += 1
        state.fact = nil
        return .none

      case .toggleTimerButtonTapped:
        state.isTimerRunning.toggle()
        if state.isTimerRunning {
          return .run { send in
            while true {
              try await Task.sleep(for: .seconds(1))
              await send(.timerTick)
            }
          }
          .cancellable(id: CancelID.timer)
        } else {
          return .cancel(id: CancelID.timer)
        }
      }
    }
  }
}

// The code of Articles/FromTheComposableArchitecture.md's "The tutorial's reducer, as written"
// (check-docs compares the article's blocks with it): the tutorial's counter, three lines edited.
// Its timer is run in real time by Tests/Fixtures/DependentPackage; here, what needs no network.

import EffectfulTesting
import Testing

@MainActor
@Suite("The tutorial's reducer, as written")
struct TutorialReducerAsWrittenTests {
  @Test func everyCaseButTheEffectsReturnsNone() {
    let reducer = CounterFeature().reducer
    var state = CounterFeature.State()
    #expect(reducer(&state, .incrementButtonTapped).isEmpty)
    #expect(reducer(&state, .factResponse("1 is a number.")).isEmpty)
    #expect(state == CounterFeature.State(count: 1, fact: "1 is a number."))
  }

  @Test func theTimerIsOneCancellableEffectStoppedByItsID() async {
    let store = Store(initialState: CounterFeature.State()) { CounterFeature() }
    let timer = store.send(.toggleTimerButtonTapped)
    store.send(.toggleTimerButtonTapped)
    // Cancelled before its first second: it ends, and never ticks.
    await timer.finish()
    #expect(store.value == CounterFeature.State())
    #expect(store.count == 0)
  }

  // `Task.sleep` takes no clock a test can set, so its ticks would come in real time, at a moment
  // the test cannot name. What a test store can tell deterministically: toggled off, the sleeping
  // timer is cancelled, ends, and never ticks.
  @Test func aTestStoreSeesTheTimerToggledOffNeverTick() async {
    let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
    let timer = store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
    store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = false }
    await timer.finish()
    #expect(timer.isCancelled)
    #expect(store.value.count == 0)
  }
}
