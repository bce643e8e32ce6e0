import Effectful  // was: import ComposableArchitecture

// A feature that implements `reduce(into:action:)` returning one effect, as the seeds write it.

// was: @Reducer
struct ReduceMethodFeature: ReducerProtocol {
  struct State: Equatable {
    var count = 0
    var isSaving = false
  }

  enum Action {
    case incrementButtonTapped
    case saveButtonTapped
    case saved
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementButtonTapped:
      state.count += 1
      return .none
    case .saveButtonTapped:
      state.isSaving = true
      return .send(.saved)
    case .saved:
      state.isSaving = false
      return .none
    }
  }
}
