import Effectful

/// `forEach.rows10k.oneRowAction`: a list of 10,000 rows, combined as an app writes it (`forEach`
/// first, then the list's own reducer); each operation sends an action for the next row, which
/// increments that row's count. What it shows: routing an action to its row costs a dictionary
/// lookup and an in-place change, whatever the number of rows.
///
/// The bare contender does the same by hand: an array of rows and a dictionary from id to offset.
@MainActor
enum ForEachRows {
  nonisolated static let rowCount = 10_000

  struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var count = 0
  }

  enum RowAction: Sendable { case increment }

  struct ListState: Equatable, Sendable {
    var rows = IdentifiedArrayOf(uniqueElements: (0..<ForEachRows.rowCount).map { Row(id: $0) })
    var selection: Int?
  }

  enum ListAction: Sendable {
    case row(Int, RowAction)
    case select(Int)
  }

  static let rowReducer: Reducer<Row, RowAction> = { row, action in
    switch action {
    case .increment: row.count &+= 1
    }
    return []
  }

  static let listOwnReducer: Reducer<ListState, ListAction> = { state, action in
    switch action {
    case .row: break
    case .select(let id): state.selection = id
    }
    return []
  }

  static let rowAction = CasePath(ListAction.row) { action -> (Int, RowAction)? in
    guard case .row(let id, let rowAction) = action else { return nil }
    return (id, rowAction)
  }

  static let reducer: Reducer<ListState, ListAction> = combine(
    forEach(rowReducer, value: \.rows, action: rowAction),
    listOwnReducer
  )

  static var effectful: WorkloadFactory {
    {
      let store = Store(initialValue: ListState(), reducer: reducer)
      return { iterations in
        var next = 0
        for _ in 0..<iterations {
          store.send(.row(next, .increment))
          next = next == rowCount - 1 ? 0 : next + 1
        }
        // Not `store.value`: a tracked read keeps a copy of the 10,000 rows to compare with, which the
        // next send would pay for by copying them.
        withExtendedLifetime(store) {}
      }
    }
  }

  static var bare: WorkloadFactory {
    {
      let rowReducer = opaque(rowReducer)
      let list = BareList()
      return { iterations in
        var next = 0
        for _ in 0..<iterations {
          if let offset = list.offsets[next] { _ = rowReducer(&list.rows[offset], .increment) }
          next = next == rowCount - 1 ? 0 : next + 1
        }
        blackHole(list.rows[0].count)
      }
    }
  }

  /// The rows by hand, made once: a class, since the workload closure cannot keep a local `var`
  /// between rounds.
  private final class BareList {
    var rows = (0..<rowCount).map { Row(id: $0) }
    var offsets = Dictionary(uniqueKeysWithValues: (0..<rowCount).map { ($0, $0) })
  }
}
