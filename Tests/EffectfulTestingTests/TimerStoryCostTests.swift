import Effectful
@testable import EffectfulTesting
import Testing

/// What a ten-second timer story costs in turns of the main queue (issue 36, item 18c). Each turn
/// waits behind whatever the other tests queued there, so under load a story's real time is its
/// turns times the load: the turns must grow with the work (a tick, its send), never with waiting.
@MainActor
@Suite("Timer story cost")
struct TimerStoryCostTests {
  private enum Action: Equatable, Sendable { case toggle, tick }
  private struct State: Equatable, Sendable {
    var isOn = false
    var count = 0
  }

  /// Where the timer's loop runs: in the `.run`'s own task, in a task-group child, or in a `Task {}`.
  enum TimerPlace: CaseIterable, Sendable { case run, groupChild, unstructuredTask }

  private nonisolated static func timer(_ clock: TestClock, in place: TimerPlace) -> Effect<Action> {
    let ticks: @Sendable (Send<Action>) async -> Void = { send in
      for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
    }
    switch place {
    case .run:
      return .run { send in await ticks(send) }
    case .groupChild:
      return .run { send in
        await withTaskGroup(of: Void.self) { group in group.addTask { await ticks(send) } }
      }
    case .unstructuredTask:
      return .run { send in
        let task = Task { await ticks(send) }
        await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
      }
    }
  }

  @Test(
    "Ten seconds of a one-second timer take a few turns a tick, wherever the loop runs",
    arguments: TimerPlace.allCases)
  func tenSeconds(_ place: TimerPlace) async {
    let clock = TestClock()
    let store = TestStore(initialValue: State()) { (state: inout State, action: Action) -> [Effect<Action>] in
      switch action {
      case .toggle:
        state.isOn.toggle()
        return state.isOn ? [Self.timer(clock, in: place).cancellable(id: "timer")] : [.cancel(id: "timer")]
      case .tick:
        state.count += 1
        return []
      }
    }
    store.send(.toggle) { $0.isOn = true }
    for second in 1...10 {
      await clock.advance(by: .seconds(1))
      await store.receive(.tick) { $0.count = second }
    }
    store.send(.toggle) { $0.isOn = false }
    let counts = clock.timeline.world.counts
    // Each tick: a settling for the advance and one for the receive, a turn for its send. A task
    // awake off the clock (the `.run` awaiting its group or its `Task`) is looked at for
    // `idleTurnLimit` turns once, not at every settling: 480 idle turns before.
    #expect(counts.turns <= 2 * 10 + 2, "\(counts)")
    #expect(counts.idleTurns <= VirtualWorld.idleTurnLimit, "\(counts)")
  }
}
