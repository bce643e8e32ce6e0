import Effectful
import EffectfulTesting
import Testing

// The code of Articles/ListsAndOptionalFeatures.md (check-docs compares the article's blocks with it).

struct Row: Identifiable, Equatable, Sendable {
  let id: Int
  var count = 0
  var isTimerRunning = false
}

enum RowAction: Equatable, Sendable {
  case incrementButtonTapped, toggleTimerButtonTapped, timerTick
}

enum RowCancelID { case timer }

func rowReducer(clock: any Clock<Duration>) -> Reducer<Row, RowAction> {
  { row, action in
    switch action {
    case .incrementButtonTapped, .timerTick:
      row.count += 1
      return []
    case .toggleTimerButtonTapped:
      row.isTimerRunning.toggle()
      guard row.isTimerRunning else {
        return [.cancel(id: RowCancelID.timer)]
      }
      return [
        .run { send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.timerTick)
          }
        }
        .cancellable(id: RowCancelID.timer)
      ]
    }
  }
}

struct ListState: Equatable, Sendable {
  var rows: IdentifiedArrayOf<Row> = []
  var detail: Row?
}

enum ListAction: Equatable, Sendable {
  case row(Row.ID, RowAction)
  case detail(RowAction)
  case addButtonTapped, rowDeleted(Row.ID)
  case rowTapped(Row.ID), detailClosed
}

let rowAction = CasePath(ListAction.row) { action in
  guard case .row(let id, let row) = action else { return nil }
  return (id, row)
}
let detailAction = CasePath(ListAction.detail) { action in
  guard case .detail(let row) = action else { return nil }
  return row
}

func listReducer(
  clock: any Clock<Duration>
) -> Reducer<ListState, ListAction> {
  combine(
    forEach(rowReducer(clock: clock), value: \.rows, action: rowAction),
    ifLet(
      rowReducer(clock: clock), value: \.detail, action: detailAction),
    { state, action in
      switch action {
      case .addButtonTapped:
        state.rows.append(Row(id: (state.rows.last?.id ?? 0) + 1))
      case .rowDeleted(let id):
        state.rows[id: id] = nil
      case .rowTapped(let id):
        state.detail = state.rows[id: id]
      case .detailClosed:
        state.detail = nil
      case .row, .detail:
        break
      }
      return []
    }
  )
}

struct Screen: Equatable, Sendable {
  var title = "Rows"
  var list = ListState()
}

enum ScreenAction: Equatable, Sendable {
  case list(ListAction)
  case titleChanged(String)
}

func screenReducer(
  clock: any Clock<Duration>
) -> Reducer<Screen, ScreenAction> {
  let list = listReducer(clock: clock)
  return { state, action in
    switch action {
    case .list(let action):
      return list(&state.list, action).map(ScreenAction.list)
    case .titleChanged(let title):
      state.title = title
      return .none
    }
  }
}

@MainActor
@Suite("Lists and optional features")
struct ListsAndOptionalFeaturesTests {
  @MainActor @Test func deletingARowStopsItsTimer() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: ListState(rows: [Row(id: 1), Row(id: 2)]),
      reducer: listReducer(clock: clock))
    store.send(.row(1, .toggleTimerButtonTapped)) {
      $0.rows[id: 1]?.isTimerRunning = true
    }
    store.send(.row(2, .toggleTimerButtonTapped)) {
      $0.rows[id: 2]?.isTimerRunning = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.row(1, .timerTick)) { $0.rows[id: 1]?.count = 1 }
    await store.receive(.row(2, .timerTick)) { $0.rows[id: 2]?.count = 1 }
    store.send(.rowDeleted(1)) { $0.rows[id: 1] = nil }
    store.send(.rowDeleted(2)) { $0.rows[id: 2] = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @MainActor @Test func anotherRowsDetailStopsTheFirstOnesTimer() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: ListState(rows: [Row(id: 1), Row(id: 2)]),
      reducer: listReducer(clock: clock))
    store.send(.rowTapped(1)) { $0.detail = Row(id: 1) }
    store.send(.detail(.toggleTimerButtonTapped)) {
      $0.detail?.isTimerRunning = true
    }
    store.send(.rowTapped(2)) { $0.detail = Row(id: 2) }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aParentWrittenByHandStopsADeletedRowsTimer() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: Screen(list: ListState(rows: [Row(id: 1)])),
      reducer: screenReducer(clock: clock))
    store.send(.list(.row(1, .toggleTimerButtonTapped))) {
      $0.list.rows[id: 1]?.isTimerRunning = true
    }
    store.send(.list(.rowDeleted(1))) { $0.list.rows[id: 1] = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func storesForViews() {
    let store = Store(
      initialValue: ListState(rows: [Row(id: 1), Row(id: 2)]),
      reducer: listReducer(clock: ImmediateClock()))
    let rows = store.scope(forEach: \.rows, action: rowAction)
    rows[1].send(.incrementButtonTapped)
    store.send(.rowTapped(2))
    let detail = store.scope(value: \.detail, action: detailAction)
    detail?.send(.incrementButtonTapped)
    #expect(store.value.rows[id: 2]?.count == 1)
    #expect(detail?.value.count == 2)
  }
}
