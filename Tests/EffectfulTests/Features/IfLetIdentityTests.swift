import Effectful
import EffectfulTesting
import Testing

/// A parent holding an optional child it replaces on demand, for any child feature.
private struct Holder<Child: Equatable & Sendable>: Equatable, Sendable {
  var child: Child?
}

private enum HolderAction<Child, ChildAction> {
  case child(ChildAction)
  case replace(Child?)
}

extension HolderAction: Equatable where Child: Equatable, ChildAction: Equatable {}
extension HolderAction: Sendable where Child: Sendable, ChildAction: Sendable {}

private func holderReducer<Child, ChildAction>(
  _ child: @escaping Reducer<Child, ChildAction>
) -> Reducer<Holder<Child>, HolderAction<Child, ChildAction>> {
  combine(
    ifLet(
      child, value: \.child,
      action: CasePath(HolderAction.child) { action in
        guard case .child(let childAction) = action else { return nil }
        return childAction
      }),
    { state, action in
      if case .replace(let child) = action { state.child = child }
      return .none
    }
  )
}

/// A counter that is not `Identifiable`: any value in its place is the same child.
private enum TickerAction: Equatable, Sendable {
  case start
  case tick
}

private func tickerReducer(clock: any Clock<Duration>) -> Reducer<Int, TickerAction> {
  { count, action in
    switch action {
    case .start:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
    case .tick:
      count += 1
      return .none
    }
  }
}

/// A folder of rows, `Identifiable`: a forEach inside the ifLet.
private struct Folder: Identifiable, Equatable, Sendable {
  let id: String
  var rows: IdentifiedArrayOf<RowState> = [RowState(id: 1)]
}

private enum FolderAction: Equatable, Sendable {
  case row(Int, RowAction)
  case removeRow(Int)
}

private func folderReducer(clock: any Clock<Duration>) -> Reducer<Folder, FolderAction> {
  combine(
    forEach(
      rowReducer(clock: clock), value: \.rows,
      action: CasePath(FolderAction.row) { action in
        guard case .row(let id, let rowAction) = action else { return nil }
        return (id, rowAction)
      }),
    { state, action in
      if case .removeRow(let id) = action { state.rows.remove(id: id) }
      return .none
    }
  )
}

@MainActor
@Suite("ifLet over an Identifiable child")
struct IfLetIdentityTests {
  @Test("A child replaced by one with another id has its effects cancelled, like one set to nil")
  func replacedByAnotherID() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: ListState(rows: [RowState(id: 1), RowState(id: 2)]), reducer: listReducer(clock: clock))
    store.openDetailWithItsTimer(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.detail(.timerTick)) { $0.detail?.count = 1 }
    // Row 2's detail over row 1's: row 1's timer must not tick into it.
    store.send(.openDetail(2)) { $0.detail = RowState(id: 2) }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test("A child replaced by a value with the same id keeps its effects")
  func replacedBySameID() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: ListState(rows: [RowState(id: 1)]), reducer: listReducer(clock: clock))
    store.openDetailWithItsTimer(1)
    store.send(.openDetail(1)) { $0.detail?.isTimerRunning = false }
    await clock.advance(by: .seconds(1))
    await store.receive(.detail(.timerTick)) { $0.detail?.count = 1 }
    store.send(.closeDetail) { $0.detail = nil }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test("The new child's effects run on, and setting it to nil stops them")
  func theNewChildsEffectsAreItsOwn() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: ListState(rows: [RowState(id: 1), RowState(id: 2)]), reducer: listReducer(clock: clock))
    store.openDetailWithItsTimer(1)
    store.openDetailWithItsTimer(2)
    await clock.advance(by: .seconds(1))
    await store.receive(.detail(.timerTick)) { $0.detail?.count = 1 }
    store.send(.closeDetail) { $0.detail = nil }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test("Inside the child there now, a removed row's effects stop; a replaced child's rows stop with it")
  func nestedForEach() async {
    let clock = TestClock()
    let store = TestStore(initialValue: Holder(), reducer: holderReducer(folderReducer(clock: clock)))
    store.send(.replace(Folder(id: "a"))) { $0.child = Folder(id: "a") }
    store.send(.child(.row(1, .toggleTimerButtonTapped))) { $0.child?.rows[id: 1]?.isTimerRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.row(1, .timerTick))) { $0.child?.rows[id: 1]?.count = 1 }
    store.send(.child(.removeRow(1))) { $0.child?.rows = [] }
    await clock.advance(by: .seconds(2))
    store.send(.replace(Folder(id: "b"))) { $0.child = Folder(id: "b") }
    store.send(.child(.row(1, .toggleTimerButtonTapped))) { $0.child?.rows[id: 1]?.isTimerRunning = true }
    store.send(.replace(Folder(id: "c"))) { $0.child = Folder(id: "c") }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test("A child that is not Identifiable keeps its effects through any replacement")
  func notIdentifiable() async {
    let clock = TestClock()
    let store = TestStore(initialValue: Holder(child: 0), reducer: holderReducer(tickerReducer(clock: clock)))
    store.send(.child(.start))
    store.send(.replace(10)) { $0.child = 10 }
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.tick)) { $0.child = 11 }
    store.send(.replace(nil)) { $0.child = nil }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }
}
