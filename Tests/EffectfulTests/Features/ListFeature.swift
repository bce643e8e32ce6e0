import Effectful
import EffectfulTesting

/// A list of rows, each with a count and a timer on an injected clock, and an optional detail: the
/// shape the forEach and ifLet tests exercise.
struct RowState: Identifiable, Equatable, Sendable {
  let id: Int
  var count = 0
  var isTimerRunning = false
}

enum RowAction: Equatable, Sendable {
  case incrementButtonTapped
  case toggleTimerButtonTapped
  case timerTick
}

struct ListState: Equatable, Sendable {
  var rows: IdentifiedArrayOf<RowState> = []
  var detail: RowState?
}

enum ListAction: Equatable, Sendable {
  case row(Int, RowAction)
  case detail(RowAction)
  case addRow(Int)
  case removeRow(Int)
  case openDetail(Int)
  case closeDetail
}

enum RowTimerID: Hashable, Sendable { case timer }

func rowReducer(clock: any Clock<Duration>) -> Reducer<RowState, RowAction> {
  { state, action in
    switch action {
    case .incrementButtonTapped:
      state.count += 1
      return []
    case .toggleTimerButtonTapped:
      state.isTimerRunning.toggle()
      guard state.isTimerRunning else { return [.cancel(id: RowTimerID.timer)] }
      return [
        Effect.run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.timerTick) }
        }
        .cancellable(id: RowTimerID.timer)
      ]
    case .timerTick:
      state.count += 1
      return []
    }
  }
}

let rowCase = CasePath(ListAction.row) { action -> (Int, RowAction)? in
  guard case .row(let id, let rowAction) = action else { return nil }
  return (id, rowAction)
}

let detailCase = CasePath(ListAction.detail) { action -> RowAction? in
  guard case .detail(let rowAction) = action else { return nil }
  return rowAction
}

let listOwnReducer: Reducer<ListState, ListAction> = { state, action in
  switch action {
  case .addRow(let id):
    state.rows.append(RowState(id: id))
  case .removeRow(let id):
    state.rows.remove(id: id)
  case .openDetail(let id):
    state.detail = state.rows[id: id]
  case .closeDetail:
    state.detail = nil
  case .row, .detail:
    break
  }
  return []
}

/// `forEach` and `ifLet` first, then the list's own reducer, which adds and removes.
func listReducer(clock: any Clock<Duration>) -> Reducer<ListState, ListAction> {
  combine(
    forEach(rowReducer(clock: clock), value: \.rows, action: rowCase),
    ifLet(rowReducer(clock: clock), value: \.detail, action: detailCase),
    listOwnReducer
  )
}

/// The same, with the list's own reducer first: removal must work in either order.
func listReducerParentFirst(clock: any Clock<Duration>) -> Reducer<ListState, ListAction> {
  combine(
    listOwnReducer,
    forEach(rowReducer(clock: clock), value: \.rows, action: rowCase),
    ifLet(rowReducer(clock: clock), value: \.detail, action: detailCase)
  )
}

extension TestStore where Value == ListState, Action == ListAction {
  /// Shows row `id`'s detail, fresh, and starts the detail's timer: how the detail's stories begin.
  func openDetailWithItsTimer(_ id: Int, file: StaticString = #filePath, line: UInt = #line) {
    send(.openDetail(id), { $0.detail = RowState(id: id) }, file: file, line: line)
    send(.detail(.toggleTimerButtonTapped), { $0.detail?.isTimerRunning = true }, file: file, line: line)
  }
}
