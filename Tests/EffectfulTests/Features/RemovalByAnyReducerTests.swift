import Effectful
import EffectfulTesting
import Testing

/// Issue 36, items 14 and 10: a child's effects end when it goes away whoever removed it, and the
/// counts of running child effects belong to one store.
@MainActor
@Suite("Removal noticed by the store")
struct RemovalByAnyReducerTests {
  /// A list that routes only its rows' actions through `forEach`, and removes rows itself.
  static func listRoutingOnlyRowActions(clock: any Clock<Duration>) -> Reducer<ListState, ListAction> {
    let rows = forEach(rowReducer(clock: clock), value: \ListState.rows, action: rowCase)
    let detail = ifLet(rowReducer(clock: clock), value: \ListState.detail, action: detailCase)
    return { state, action in
      switch action {
      case .row: return rows(&state, action)
      case .detail: return detail(&state, action)
      default: return listOwnReducer(&state, action)
      }
    }
  }

  @Test("A row removed by an action forEach never saw has its timer cancelled")
  func rowRemovedOutsideForEach() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: ListState(rows: [RowState(id: 1), RowState(id: 2)]),
      reducer: Self.listRoutingOnlyRowActions(clock: clock))
    store.send(.row(1, .toggleTimerButtonTapped)) { $0.rows[id: 1]?.isTimerRunning = true }
    store.send(.row(2, .toggleTimerButtonTapped)) { $0.rows[id: 2]?.isTimerRunning = true }
    store.send(.removeRow(1)) { $0.rows.remove(id: 1) }
    await clock.advance(by: .seconds(1))
    await store.receive(.row(2, .timerTick)) { $0.rows[id: 2]?.count = 1 }
    store.send(.removeRow(2)) { $0.rows.remove(id: 2) }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test("An optional child cleared by an action ifLet never saw has its timer cancelled")
  func detailClearedOutsideIfLet() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: ListState(rows: [RowState(id: 1)]),
      reducer: Self.listRoutingOnlyRowActions(clock: clock))
    store.openDetailWithItsTimer(1)
    store.send(.closeDetail) { $0.detail = nil }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test("One store's running rows give another store of the same reducer no removal checks")
  func countsBelongToTheStore() {
    let reducer = listReducer(clock: TestClock())
    let busy = Store(initialValue: ListState(rows: [RowState(id: 1)]), reducer: reducer)
    busy.send(.row(1, .toggleTimerButtonTapped))
    var idle = ListState(rows: [RowState(id: 7)])
    let effects = reducer(&idle, .row(7, .incrementButtonTapped))
    #expect(effects.isEmpty, "the idle value's action returned \(effects.count) effects")
    busy.send(.row(1, .toggleTimerButtonTapped))
  }
}
