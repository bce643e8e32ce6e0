import Effectful

/// A list of counters with a detail for the selected one, and an undo window after a delete.
public enum CountersList {
  public struct State: Equatable, Sendable {
    public var rows: IdentifiedArrayOf<CounterRow.State>
    /// The selected counter, shown in detail; written back to its row when the detail closes.
    public var detail: CounterRow.State?
    /// The counter deleted last, while it can still be brought back.
    public var deleted: CounterRow.State?
    public var nextID: Int

    public init(rows: IdentifiedArrayOf<CounterRow.State> = [], detail: CounterRow.State? = nil) {
      self.rows = rows
      self.detail = detail
      self.nextID = (rows.map(\.id).max() ?? 0) + 1
    }
  }

  public enum Action: Equatable, Sendable {
    case row(CounterRow.State.ID, CounterRow.Action)
    case detail(CounterRow.Action)
    case addButtonTapped
    case deleteButtonTapped(CounterRow.State.ID)
    case undoButtonTapped
    case undoExpired
    case rowTapped(CounterRow.State.ID)
    case detailClosed
  }

  public static let rowAction = CasePath(Action.row) { action -> (CounterRow.State.ID, CounterRow.Action)? in
    guard case .row(let id, let rowAction) = action else { return nil }
    return (id, rowAction)
  }

  public static let detailAction = CasePath(Action.detail) { action -> CounterRow.Action? in
    guard case .detail(let rowAction) = action else { return nil }
    return rowAction
  }

  enum CancelID { case undo }

  /// The rows with `forEach`, the detail with `ifLet`, then the list's own work.
  public static func reducer(environment: CountersEnvironment) -> Reducer<State, Action> {
    combine(
      forEach(CounterRow.reducer(environment: environment), value: \.rows, action: rowAction),
      ifLet(CounterRow.reducer(environment: environment), value: \.detail, action: detailAction),
      own(environment: environment)
    )
  }

  private static func own(environment: CountersEnvironment) -> Reducer<State, Action> {
    { state, action in
      switch action {
      case .addButtonTapped:
        state.rows.append(CounterRow.State(id: state.nextID))
        state.nextID += 1
        return []
      case .deleteButtonTapped(let id):
        // Removing the row cancels its fact and its timer: forEach sees to it.
        state.deleted = state.rows.remove(id: id).map { CounterRow.State(id: $0.id, count: $0.count) }
        return [
          Effect.send(Action.undoExpired)
            .delay(for: .seconds(3), scheduler: environment.mainQueue)
            .cancellable(id: CancelID.undo, cancelInFlight: true)
        ]
      case .undoButtonTapped:
        guard let deleted = state.deleted else { return [] }
        state.rows.append(deleted)
        state.deleted = nil
        return [.cancel(id: CancelID.undo)]
      case .undoExpired:
        state.deleted = nil
        return []
      case .rowTapped(let id):
        state.detail = state.rows[id: id].map { CounterRow.State(id: $0.id, count: $0.count) }
        return []
      case .detailClosed:
        // The detail's timer and fact stop with it: ifLet sees to it.
        if let detail = state.detail { state.rows[id: detail.id]?.count = detail.count }
        state.detail = nil
        return []
      case .row, .detail:
        return []
      }
    }
  }
}
