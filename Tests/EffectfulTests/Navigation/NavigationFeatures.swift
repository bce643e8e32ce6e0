import Effectful

/// A screen with a timer on the clock dependency, which can dismiss itself: the child that the
/// navigation tests present and push.
struct TimerScreen: ReducerProtocol {
  struct State: Equatable, Identifiable, Sendable {
    var id = 0
    var count = 0
    var sawPresented = false
  }

  enum Action: Equatable, Sendable {
    case startTapped
    case tick
    case closeTapped
    /// Dismisses, then tries to send a tick: nothing after the dismissal may arrive.
    case closeThenTickTapped
    /// Starts a one-second delayed tick: the effect a dismissal must stop.
    case delayedTickTapped
    /// Records `isPresented` as the reducer reads it.
    case checkPresented
    /// Waits a second, then dismisses in a later step of a `.concatenate`: a part that starts
    /// after the reduction that returned it must still find its child.
    case closeLaterTapped
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.isPresented) var isPresented

  func reduce(into state: inout State, action: Action) -> [Effect<Action>] {
    switch action {
    case .startTapped:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
    case .tick:
      state.count += 1
      return .none
    case .closeTapped:
      return .run { _ in await dismiss() }
    case .closeThenTickTapped:
      return .run { send in
        await dismiss()
        await send(.tick)
      }
    case .checkPresented:
      state.sawPresented = isPresented
      return .none
    case .closeLaterTapped:
      return .concatenate(
        .run { _ in try await clock.sleep(for: .seconds(1)) },
        .run { _ in await dismiss() })
    case .delayedTickTapped:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.tick)
      }
    }
  }
}

/// What the root presents: a timer screen or an alert, as an enum without macros.
struct NavDestination: ReducerProtocol {
  enum State: Equatable, Sendable {
    case timer(TimerScreen.State)
    case alert(AlertState<Action.Alert>)
  }

  enum Action: Equatable, Sendable {
    case timer(TimerScreen.Action)
    case alert(Alert)

    enum Alert: Equatable, Sendable { case confirm }
  }

  var body: some ReducerOf<Self> {
    Scope(state: State.timer, action: Action.timer) { TimerScreen() }
  }
}

/// The screens of the root's stack.
struct NavPath: ReducerProtocol {
  enum State: Equatable, Sendable {
    case timer(TimerScreen.State)
  }

  enum Action: Equatable, Sendable {
    case timer(TimerScreen.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: State.timer, action: Action.timer) { TimerScreen() }
  }
}

/// A root with a presented destination, an alert of its own and a stack.
struct NavRoot: ReducerProtocol {
  struct State: Equatable, Sendable {
    @PresentationState var destination: NavDestination.State?
    @PresentationState var alert: AlertState<Action.Alert>?
    var path = StackState<NavPath.State>()
    var confirmations = 0
  }

  enum Action: Equatable, Sendable {
    case destination(PresentationAction<NavDestination.Action>)
    case alert(PresentationAction<Alert>)
    case path(StackAction<NavPath.State, NavPath.Action>)
    case presentTimer(id: Int)
    case showAlert
    case showDestinationAlert
    case pushTimer(id: Int)
    case popToRoot
    case closeEverything

    enum Alert: Equatable, Sendable { case confirm }
  }

  static let sureAlert = AlertState<NavDestination.Action.Alert> {
    TextState("Sure?")
  } actions: {
    ButtonState(action: .confirm) { TextState("Yes") }
  } message: {
    TextState("It cannot be undone.")
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .presentTimer(let id):
        state.destination = .timer(TimerScreen.State(id: id))
      case .showAlert:
        state.alert = AlertState {
          TextState("Reset?")
        } actions: {
          ButtonState(role: .destructive, action: .confirm) { TextState("Reset") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
      case .showDestinationAlert:
        state.destination = .alert(NavRoot.sureAlert)
      case .pushTimer(let id):
        state.path.append(.timer(TimerScreen.State(id: id)))
      case .popToRoot:
        state.path.removeAll()
      case .closeEverything:
        state.destination = nil
        state.path = StackState()
      case .alert(.presented(.confirm)), .destination(.presented(.alert(.confirm))):
        state.confirmations += 1
      case .destination, .alert, .path:
        break
      }
      return .none
    }
    .ifLet(\.$destination, action: Action.destination) { NavDestination() }
    .ifLet(\.$alert, action: Action.alert)
    .forEach(\.path, action: Action.path) { NavPath() }
  }
}
