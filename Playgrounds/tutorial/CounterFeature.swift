import Effectful  // was: import ComposableArchitecture

// The Composable Architecture tutorial's counter as the tutorial writes it (a fact fetched with
// `.run` and URLSession, a timer that sleeps a second a tick), ported by editing exactly three
// lines, each marked `was:`: the import and the two macros (`@Reducer` becomes the conformance on
// the struct's line). The walk-through in main.swift runs its timer; its fact needs numbersapi.com,
// so the walk-through leaves it alone. (The library's own `EffectfulTutorial.CounterFeature` is the
// same feature with its clock a dependency and its facts in an environment, offline by default.)

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
