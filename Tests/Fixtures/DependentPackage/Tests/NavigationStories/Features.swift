import Effectful
import Foundation

/// What the timer screens count: beats the test gives by hand, so that a story decides when a
/// timer ticks and sees when a timer stopped listening (its effect cancelled).
final class Metronome: @unchecked Sendable {
  private let lock = NSLock()
  private var listeners: [UUID: AsyncStream<Void>.Continuation] = [:]
  private var stoppedCount = 0

  /// Beats until the listening task is cancelled.
  func beats() -> AsyncStream<Void> {
    AsyncStream { continuation in
      let id = UUID()
      continuation.onTermination = { _ in
        self.lock.withLock {
          self.listeners[id] = nil
          self.stoppedCount += 1
        }
      }
      lock.withLock { listeners[id] = continuation }
    }
  }

  /// One beat to every timer listening now.
  func tick() {
    for listener in lock.withLock({ Array(listeners.values) }) { listener.yield() }
  }

  /// How many timers listen now.
  var listening: Int { lock.withLock { listeners.count } }
  /// How many timers stopped listening.
  var stopped: Int { lock.withLock { stoppedCount } }
}

extension DependencyValues {
  var metronome: Metronome {
    get { self[MetronomeKey.self] }
    set { self[MetronomeKey.self] = newValue }
  }
}

private enum MetronomeKey: DependencyKey {
  static let liveValue = Metronome()
  static var testValue: Metronome { Metronome() }
}

/// A screen with a timer that can close itself: presented in a sheet and pushed on a stack.
struct TimerScreen: ReducerProtocol {
  struct State: Equatable, Sendable {
    var ticks = 0
  }

  enum Action: Equatable, Sendable {
    case startTapped
    case tick
    case closeTapped
  }

  @Dependency(\.metronome) var metronome
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> [Effect<Action>] {
    switch action {
    case .startTapped:
      return .run { send in
        for await _ in metronome.beats() { await send(.tick) }
      }
    case .tick:
      state.ticks += 1
      return .none
    case .closeTapped:
      return .run { _ in await dismiss() }
    }
  }
}

/// A root that presents a timer or a delete alert, and pushes timers on a stack.
struct Root: ReducerProtocol {
  struct State: Equatable, Sendable {
    @PresentationState var destination: Destination.State?
    var path = StackState<TimerScreen.State>()
    var deletions = 0
  }

  enum Action: Equatable, Sendable {
    case destination(PresentationAction<Destination.Action>)
    case path(StackAction<TimerScreen.State, TimerScreen.Action>)
    case showTimerTapped
    case deleteTapped
    case pushTimerTapped
  }

  struct Destination: ReducerProtocol {
    enum State: Equatable, Sendable {
      case timer(TimerScreen.State)
      case alert(AlertState<Action.Alert>)
    }

    enum Action: Equatable, Sendable {
      case timer(TimerScreen.Action)
      case alert(Alert)

      enum Alert: Equatable, Sendable { case confirmDeletion }
    }

    var body: some ReducerOf<Self> {
      Scope(state: State.timer, action: Action.timer) { TimerScreen() }
    }
  }

  static let deleteAlert = AlertState<Destination.Action.Alert> {
    TextState("Delete?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .showTimerTapped:
        state.destination = .timer(TimerScreen.State())
      case .deleteTapped:
        state.destination = .alert(Root.deleteAlert)
      case .destination(.presented(.alert(.confirmDeletion))):
        state.deletions += 1
      case .pushTimerTapped:
        state.path.append(TimerScreen.State())
      case .destination, .path:
        break
      }
      return .none
    }
    .ifLet(\.$destination, action: Action.destination) { Destination() }
    .forEach(\.path, action: Action.path) { TimerScreen() }
  }
}

/// Waits until `condition` holds, at most a minute however busy the machine is; what a story then
/// checks is the state, not the time it took.
@MainActor
func eventually(_ condition: () -> Bool) async throws {
  let deadline = ContinuousClock.now.advanced(by: .seconds(60))
  while !condition(), ContinuousClock.now < deadline {
    try await Task.sleep(for: .milliseconds(2))
  }
}
