import EffectfulEffectTestSupport
import Effectful
import EffectfulTesting
import Testing

/// A feature with every kind of time in it: a `.run` timer sleeping on the clock, a search debounced
/// on the clock with an async client, and a callback toast delayed on the same clock as a scheduler.
private enum Mixed {
  struct State: Equatable {
    var ticks = 0
    var isTimerOn = false
    var query = ""
    var results: [String] = []
    var toast: String?
  }
  enum Action: Equatable, Sendable {
    case timerToggled, tick
    case queryChanged(String), response([String])
    case saved, toastHidden
  }
  enum CancelID: Hashable, Sendable { case timer, search }

  static func reducer(clock: TestClock) -> Reducer<State, Action> {
    { state, action in
      switch action {
      case .timerToggled:
        state.isTimerOn.toggle()
        guard state.isTimerOn else { return .cancel(id: CancelID.timer) }
        return .run { send in
          while true {
            try await clock.sleep(for: .milliseconds(700))
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.timer)
      case .tick:
        state.ticks += 1
        return .none
      case .queryChanged(let query):
        state.query = query
        return .run { send in
          try await clock.sleep(for: .milliseconds(50))  // the "network"
          await send(.response([query + "!"]))
        }
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
      case .response(let results):
        state.results = results
        return .none
      case .saved:
        state.toast = "Saved"
        return [Effect.send(.toastHidden).delay(for: .seconds(1), scheduler: clock)]
      case .toastHidden:
        state.toast = nil
        return .none
      }
    }
  }
}

@MainActor
@Suite("Deterministic virtual time: a mixed story")
struct MixedStoryDeterminismTests {
  /// The story, told by an exhaustive TestStore: any difference in order or timing fails it.
  private func tellTheStory() async {
    let clock = TestClock()
    let store = TestStore(initialValue: Mixed.State(), reducer: Mixed.reducer(clock: clock))
    store.send(.timerToggled) { $0.isTimerOn = true }
    store.send(.queryChanged("e")) { $0.query = "e" }
    await clock.advance(by: .milliseconds(200))
    store.send(.queryChanged("ef")) { $0.query = "ef" }
    store.send(.saved) { $0.toast = "Saved" }
    // 0.7 s: tick. 0.5 s: the debounce starts the search; 0.55 s: its answer.
    await clock.advance(by: .milliseconds(600))
    await store.receive(.response(["ef!"])) { $0.results = ["ef!"] }
    await store.receive(.tick) { $0.ticks = 1 }
    // 1.2 s: the toast hides; 1.4 s and 2.1 s: ticks.
    await clock.advance(by: .milliseconds(1400))
    await store.receive(.toastHidden) { $0.toast = nil }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.tick) { $0.ticks = 3 }
    store.send(.timerToggled) { $0.isTimerOn = false }
    await clock.advance(by: .seconds(5))
  }

  @Test("A story mixing a .run timer, a debounced async search and a callback delay, 1,000 times")
  func aThousandRounds() async {
    for _ in 0..<soakRounds(1_000, brief: 100) { await tellTheStory() }
  }
}
