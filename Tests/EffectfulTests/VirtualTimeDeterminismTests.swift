import Effectful
import EffectfulTesting
import Testing

private enum TimerAction: Equatable, Sendable {
  case toggle
  case tick
}

enum TimerForm: Sendable, CaseIterable {
  case sleepLoop
  case timerSequence
}

private enum TimerID: Hashable, Sendable { case timer }

/// A timer feature in the tutorial's two spellings: a sleep loop, or `clock.timer(interval:)`.
private func timerReducer(clock: any Clock<Duration>, form: TimerForm) -> Reducer<TimerState, TimerAction> {
  { state, action in
    switch action {
    case .toggle:
      state.isRunning.toggle()
      guard state.isRunning else { return [.cancel(id: TimerID.timer)] }
      switch form {
      case .sleepLoop:
        return [
          Effect.run { send in
            while true {
              try await clock.sleep(for: .seconds(1))
              await send(.tick)
            }
          }.cancellable(id: TimerID.timer)
        ]
      case .timerSequence:
        return [
          Effect.run { send in
            for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
          }.cancellable(id: TimerID.timer)
        ]
      }
    case .tick:
      state.ticks += 1
      return []
    }
  }
}

private struct TimerState: Equatable {
  var isRunning = false
  var ticks = 0
}

@MainActor
@Suite("Deterministic virtual time")
struct VirtualTimeDeterminismTests {
  @Test(
    "Ten seconds give exactly ten ticks, a thousand times over, in both timer spellings",
    arguments: TimerForm.allCases)
  func tenTicks(form: TimerForm) async {
    for round in 0..<1_000 {
      let clock = TestClock()
      let store = Store(initialValue: TimerState(), reducer: timerReducer(clock: clock, form: form))
      store.send(.toggle)
      await clock.advance(by: .seconds(10))
      #expect(store.value.ticks == 10, "round \(round)")
      #expect(clock.now == SchedulerInstant(sinceOrigin: .seconds(10)))
      store.send(.toggle)
      await clock.advance()
      #expect(clock.sleeperCount == 0, "round \(round): the cancelled timer left a sleep behind")
      if store.value.ticks != 10 { return }
    }
  }
}
