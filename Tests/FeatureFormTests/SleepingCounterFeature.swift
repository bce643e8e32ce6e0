import Effectful  // was: import ComposableArchitecture

// The seeds' counter before it had a clock: its timer sleeps with `Task.sleep`.

// was: @Reducer
struct SleepingCounterFeature: ReducerProtocol {
  // was: @ObservableState
  struct State: Equatable {
    var count = 0
    var isTimerRunning = false
  }

  enum Action {
    case timerTick
    case toggleTimerButtonTapped
  }

  enum CancelID { case timer }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .timerTick:
        state.count += 1
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
