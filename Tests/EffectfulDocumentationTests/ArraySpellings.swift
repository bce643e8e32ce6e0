import Effectful
import Testing

// The code of Extensions/Array.md (check-docs compares the page's blocks with it).

private struct TimerState: Equatable {
  var count = 0
  var isTimerRunning = false
}

private enum TimerAction: Sendable {
  case toggleTimerButtonTapped
  case timerTick
}

private enum CancelID: Hashable, Sendable { case timer }

private let timerReducer: Reducer<TimerState, TimerAction> = {
  state, action in
  switch action {
  case .toggleTimerButtonTapped:
    state.isTimerRunning.toggle()
    guard state.isTimerRunning else { return .cancel(id: CancelID.timer) }
    return .run { send in
      while true {
        try await Task.sleep(for: .seconds(1))
        await send(.timerTick)
      }
    }
    .cancellable(id: CancelID.timer)
  case .timerTick:
    state.count += 1
    return .none
  }
}

@MainActor
@Suite("Array: the tutorial's spellings")
struct ArraySpellingsTests {
  @Test func theTimerIsOneEffectStoppedByItsID() async {
    let store = Store(initialValue: TimerState(), reducer: timerReducer)
    let timer = store.send(.toggleTimerButtonTapped)
    store.send(.toggleTimerButtonTapped)
    await timer.finish()
    #expect(store.value == TimerState())
  }
}
