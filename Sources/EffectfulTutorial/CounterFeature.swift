import Effectful

/// The Composable Architecture tutorial's counter, in Effectful's async dialect: a count, a fact
/// about it fetched with `.run`, and a timer on the `continuousClock` dependency.
///
/// ```swift
/// let store = Store(
///   initialValue: CounterFeature.State(),
///   reducer: CounterFeature.reducer())
/// store.send(.incrementButtonTapped)               // count 1
/// // fact: "1 is neither prime nor composite."
/// await store.send(.factButtonTapped).finish()
/// // count goes up every second…
/// store.send(.toggleTimerButtonTapped)
/// store.send(.toggleTimerButtonTapped)             // …until toggled off
/// ```
///
/// It reads its clock as the tutorial does, `@Dependency(\.continuousClock)`, and takes its facts
/// from an ``Environment`` value passed to the reducer: both styles, side by side. A test sets the
/// clock with `withDependencies` and passes the facts it wants. Its body returns effects as the
/// tutorial spells them: `.none`, `.run { … }`, `.cancellable(id:)`, `.cancel(id:)`.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(
///   initialValue: CounterFeature.State(),
///   reducer: CounterFeature.reducer(),
///   withDependencies: { $0.continuousClock = clock })
/// ```
public enum CounterFeature {
  /// The effects' cancellation ids.
  enum CancelID: Hashable, Sendable {
    case fact
    case timer
  }

  /// The counter's reducer, using `environment` for facts (offline facts by default) and the
  /// `continuousClock` dependency for the timer.
  ///
  /// ```swift
  /// let store = withDependencies {
  ///   $0.continuousClock = ImmediateClock()
  /// } operation: {
  ///   Store(
  ///     initialValue: CounterFeature.State(),
  ///     reducer: CounterFeature.reducer())
  /// }
  /// ```
  ///
  /// Every change of the count clears the fact, and cancels a fact still loading: it would be about
  /// a number no longer on screen. A fact that cannot be fetched arrives as a `factResponse` that
  /// says so.
  public static func reducer(environment: Environment = Environment()) -> Reducer<State, Action> {
    // Read in the timer's effect, so it is the clock of the store that started the timer.
    @Dependency(\.continuousClock) var clock
    return { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return countChanged(&state)

      case .incrementButtonTapped:
        state.count += 1
        return countChanged(&state)

      case .factButtonTapped:
        state.fact = nil
        state.isLoading = true
        return .run { [count = state.count] send in
          await send(.factResponse(try await environment.fact(count)))
        } catch: { [count = state.count] error, send in
          await send(.factResponse("No fact about \(count) right now (\(error.localizedDescription))."))
        }
        .cancellable(id: CancelID.fact, cancelInFlight: true)

      case .factResponse(let fact):
        state.fact = fact
        state.isLoading = false
        return .none

      case .toggleTimerButtonTapped:
        state.isTimerRunning.toggle()
        guard state.isTimerRunning else { return .cancel(id: CancelID.timer) }
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.timerTick)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)

      case .timerTick:
        state.count += 1
        return countChanged(&state)
      }
    }
  }

  /// The fact was about the old count: clear it, and stop one on its way.
  private static func countChanged(_ state: inout State) -> [Effect<Action>] {
    state.fact = nil
    guard state.isLoading else { return .none }
    state.isLoading = false
    return .cancel(id: CancelID.fact)
  }
}
