import Effectful
import EffectfulTesting
import Testing

/// Item 14: a removed row's effects are cancelled whoever removed it, also when the list routes
/// only its rows' actions through `forEach`.
@MainActor
@Suite struct RemovedRowTests {
  struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var ticks = 0
  }

  enum RowAction: Equatable, Sendable { case startTimer, tick }

  enum ListAction: Equatable, Sendable {
    case row(Int, RowAction)
    case remove(Int)
  }

  nonisolated static func row(clock: TestClock) -> Reducer<Row, RowAction> {
    { row, action in
      switch action {
      case .startTimer:
        return [.run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }]
      case .tick:
        row.ticks += 1
        return []
      }
    }
  }

  nonisolated static func list(clock: TestClock) -> Reducer<IdentifiedArrayOf<Row>, ListAction> {
    let rowCase = CasePath(ListAction.row) { action -> (Int, RowAction)? in
      guard case .row(let id, let rowAction) = action else { return nil }
      return (id, rowAction)
    }
    let rows = forEach(row(clock: clock), value: \IdentifiedArrayOf<Row>.self, action: rowCase)
    return { state, action in
      switch action {
      case .row: return rows(&state, action)
      case .remove(let id):
        state.remove(id: id)
        return []
      }
    }
  }

  @Test func item14ARowRemovedOutsideForEachStopsItsTimer() async {
    let clock = TestClock()
    let store = TestStore(initialValue: [Row(id: 1)], reducer: Self.list(clock: clock))
    store.send(.row(1, .startTimer))
    await clock.advance(by: .seconds(1))
    await store.receive(.row(1, .tick)) { $0[id: 1]?.ticks = 1 }
    store.send(.remove(1)) { $0.remove(id: 1) }
    // The timer was cancelled with its row: no tick, nothing left running at the end.
    await clock.advance(by: .seconds(3))
    await store.finish()
  }
}
