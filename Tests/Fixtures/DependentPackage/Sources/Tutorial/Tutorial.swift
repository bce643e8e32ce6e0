import Dispatch
import Effectful

/// The user's own `Tutorial` module: a counter whose fact arrives on `DispatchQueue.main`.
public struct TutorialState: Equatable, Sendable {
  public var count = 0
  public var fact: String?
  public init() {}
}

public enum TutorialAction: Equatable, Sendable {
  case factButtonTapped
  case factResponse(String)
}

public let tutorialReducer: Reducer<TutorialState, TutorialAction> = { state, action in
  switch action {
  case .factButtonTapped:
    let count = state.count
    return [
      Effect { callback in callback("\(count) is a number") }
        .receive(on: DispatchQueue.main)
        .map(TutorialAction.factResponse)
    ]
  case .factResponse(let fact):
    state.fact = fact
    return []
  }
}
