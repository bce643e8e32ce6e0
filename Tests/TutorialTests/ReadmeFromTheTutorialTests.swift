import Effectful
import EffectfulTesting
import Testing

// The README's "From the tutorial" examples, kept compiling and working here: if this file changes,
// change the README too.

private struct PomodoroState: Equatable { var secondsLeft = 1500; var quote: String?; var isRunning = false }
private enum PomodoroAction: Equatable, Sendable {
  case startTapped, pauseTapped, tick, quoteButtonTapped, quoteResponse(String)
}
private enum PomodoroID: Hashable, Sendable { case countdown }

private struct PomodoroEnvironment: Sendable {
  var quote: @Sendable (_ secondsLeft: Int) async throws -> String
  var clock: any Clock<Duration>  // ContinuousClock() live, TestClock() in tests, ImmediateClock() in demos
}

private func pomodoroReducer(environment: PomodoroEnvironment) -> Reducer<PomodoroState, PomodoroAction> {
  { state, action in
    switch action {
    case .startTapped:
      state.isRunning = true
      return [
        .run { send in
          for await _ in environment.clock.timer(interval: .seconds(1)) { await send(.tick) }
        }.cancellable(id: PomodoroID.countdown, cancelInFlight: true)
      ]
    case .pauseTapped:
      state.isRunning = false
      return [.cancel(id: PomodoroID.countdown)]
    case .tick:
      state.secondsLeft -= 1
      return []
    case .quoteButtonTapped:
      return [
        .run { [left = state.secondsLeft] send in
          await send(.quoteResponse(try await environment.quote(left)))
        } catch: { error, send in
          await send(.quoteResponse("Keep going (no quote: \(error))."))
        }
      ]
    case .quoteResponse(let quote):
      state.quote = quote
      return []
    }
  }
}

@MainActor
@Suite("README: From the tutorial")
struct ReadmeFromTheTutorialTests {
  @Test func countdown() async {
    let clock = TestClock()
    let store = Store(
      initialValue: PomodoroState(secondsLeft: 1500),
      reducer: pomodoroReducer(environment: .init(quote: { _ in "Breathe." }, clock: clock)))
    store.send(.startTapped)
    await clock.advance(by: .seconds(60))
    #expect(store.value.secondsLeft == 1440)  // sixty ticks, every time
    store.send(.pauseTapped)
    await clock.advance(by: .seconds(60))
    #expect(store.value.secondsLeft == 1440)  // paused: nothing more arrives

    await store.send(.quoteButtonTapped).finish()  // no clock involved: wait for the effect itself
    #expect(store.value.quote == "Breathe.")
  }

  @Test func countdownOnATestStore() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: PomodoroState(secondsLeft: 1500),
      reducer: pomodoroReducer(environment: .init(quote: { _ in "Breathe." }, clock: clock)))
    store.send(.startTapped) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.secondsLeft = 1499 }
    store.send(.pauseTapped) { $0.isRunning = false }
  }
}
