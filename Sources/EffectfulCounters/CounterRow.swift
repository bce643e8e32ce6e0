import Effectful

/// One counter of the list: a count, a fact about it, a timer.
public enum CounterRow {
  public struct State: Identifiable, Equatable, Sendable {
    public let id: Int
    public var count = 0
    public var fact: String?
    public var isLoading = false
    public var isTimerRunning = false

    public init(id: Int, count: Int = 0) {
      self.id = id
      self.count = count
    }
  }

  public enum Action: Equatable, Sendable {
    case decrementButtonTapped
    case incrementButtonTapped
    case factButtonTapped
    case factResponse(String)
    case toggleTimerButtonTapped
    case timerTick
  }

  /// The same ids in every row: `forEach` makes them each row's own.
  enum CancelID { case fact, timer }

  /// The row's reducer: a fact via `.run`, a timer on the environment's clock.
  public static func reducer(environment: CountersEnvironment) -> Reducer<State, Action> {
    { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        state.fact = nil
        return []
      case .incrementButtonTapped:
        state.count += 1
        state.fact = nil
        return []
      case .factButtonTapped:
        state.isLoading = true
        let count = state.count
        return [
          Effect.run { send in
            await send(.factResponse(try await environment.fact(count)))
          } catch: { _, send in
            await send(.factResponse("No fact about \(count) right now."))
          }
          .cancellable(id: CancelID.fact, cancelInFlight: true)
        ]
      case .factResponse(let fact):
        state.isLoading = false
        state.fact = fact
        return []
      case .toggleTimerButtonTapped:
        state.isTimerRunning.toggle()
        guard state.isTimerRunning else { return [.cancel(id: CancelID.timer)] }
        let clock = environment.clock
        return [
          Effect.run { send in
            for await _ in clock.timer(interval: .seconds(1)) { await send(.timerTick) }
          }
          .cancellable(id: CancelID.timer)
        ]
      case .timerTick:
        state.count += 1
        return []
      }
    }
  }
}
