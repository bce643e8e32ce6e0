import Effectful
import EffectfulTesting
import Foundation
import Testing

// The code of Articles/FromTheComposableArchitecture.md (check-docs compares the article's blocks
// with it).

enum TimerFeature {
  struct State: Equatable {
    var count = 0
    var isTimerRunning = false
  }

  enum Action: Equatable, Sendable {
    case toggleTimerButtonTapped
    case timerTick
  }

  struct Environment: Sendable {
    var mainQueue: any Scheduler
  }

  enum CancelID: Hashable, Sendable { case timer }

  static func reducer(environment: Environment) -> Reducer<State, Action> {
    { state, action in
      switch action {
      case .toggleTimerButtonTapped:
        state.isTimerRunning.toggle()
        guard state.isTimerRunning else {
          return [.cancel(id: CancelID.timer)]
        }
        return [
          Effect.timer(
            id: CancelID.timer, every: .seconds(1),
            on: environment.mainQueue
          )
          .map { _ in .timerTick }
        ]
      case .timerTick:
        state.count += 1
        return []
      }
    }
  }
}

enum OnboardingAction: Equatable, Sendable {
  case startTapped
  case stepStarted(Int)
  case finished
}

/// Steps that must happen in order go in one concatenation, not side by
/// side in the array.
let onboardingReducer: Reducer<Int, OnboardingAction> = { step, action in
  switch action {
  case .startTapped:
    return [
      .concatenate(
        .send(.stepStarted(1)), .send(.stepStarted(2)), .send(.finished))
    ]
  case .stepStarted(let number):
    step = number
    return []
  case .finished:
    return []
  }
}

@MainActor
@Suite("From the Composable Architecture")
struct FromTheComposableArchitectureTests {
  @Test func timer() {
    let scheduler = TestScheduler()
    let store = TestStore(
      initialValue: TimerFeature.State(),
      reducer: TimerFeature.reducer(
        environment: TimerFeature.Environment(mainQueue: scheduler))
    )
    store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
    scheduler.advance(by: .seconds(1))
    store.receive(.timerTick) { $0.count = 1 }
    store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = false }
  }

  @Test func onboarding() {
    let store = TestStore(initialValue: 0, reducer: onboardingReducer)
    store.send(.startTapped)
    store.receive(.stepStarted(1)) { $0 = 1 }
    store.receive(.stepStarted(2)) { $0 = 2 }
    store.receive(.finished)
  }
}
