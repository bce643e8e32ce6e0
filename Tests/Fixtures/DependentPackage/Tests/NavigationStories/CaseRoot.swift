import Effectful

/// The root's destination presented a case at a time (`ifLet(_:cases:)`): each case of the enum
/// has an action case of its own, and no `Destination` reducer is written.
struct CaseRoot: ReducerProtocol {
  struct State: Equatable, Sendable {
    @PresentationState var destination: Destination? = nil
    var deletions = 0
  }

  enum Destination: Equatable, Sendable {
    case alert(AlertState<Action.Alert>), timer(TimerScreen.State)
  }

  enum Action: Equatable, Sendable {
    case alert(PresentationAction<Alert>)
    case timer(PresentationAction<TimerScreen.Action>)
    case showTimerTapped
    case deleteTapped

    enum Alert: Equatable, Sendable { case confirmDeletion }
  }

  static let deleteAlert = AlertState<Action.Alert> {
    TextState("Delete?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .showTimerTapped:
        state.destination = .timer(TimerScreen.State())
      case .deleteTapped:
        state.destination = .alert(Self.deleteAlert)
      case .alert(.presented(.confirmDeletion)):
        state.deletions += 1
      case .alert, .timer:
        break
      }
      return .none
    }
    .ifLet(\.$destination) {
      Case(Destination.alert, action: Action.alert)
      Case(Destination.timer, action: Action.timer) { TimerScreen() }
    }
  }
}
