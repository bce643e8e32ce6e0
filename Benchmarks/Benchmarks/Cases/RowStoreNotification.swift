import Effectful

/// `rowStore.rows100.oneRowChanges` and `rowStore.rows10k.oneRowChanges`: one row's store, made by
/// `scope(forEach:action:)` and observed, sends an action that changes its row. What it shows: telling
/// a row store about a change finds its row by id (a dictionary lookup), so it costs the same with a
/// hundred rows or ten thousand.
@MainActor
enum RowStoreNotification {
  static func effectful(rowCount: Int) -> WorkloadFactory {
    {
      let store = Store(
        initialValue: ForEachRows.ListState(
          rows: IdentifiedArrayOf(uniqueElements: (0..<rowCount).map { ForEachRows.Row(id: $0) })),
        reducer: ForEachRows.reducer)
      let row = store.scope(forEach: \.rows, action: ForEachRows.rowAction)[rowCount / 2]
      let subscription = row.subscribe { blackHole($0.count) }
      return { iterations in
        for _ in 0..<iterations { row.send(.increment) }
        withExtendedLifetime(subscription) {}
      }
    }
  }
}
