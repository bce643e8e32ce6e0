import Effectful
import EffectfulTesting
import Testing

/// A counter that is not `Identifiable`: any value in its place is the same child.
private enum TickerAction: Equatable, Sendable {
  case start
  case tick
}

private struct TickerParent: Equatable, Sendable {
  var ticker: Int?
}

private enum TickerParentAction: Equatable, Sendable {
  case ticker(TickerAction)
  case replace(Int?)
}

private func tickerParentReducer(clock: any Clock<Duration>) -> Reducer<TickerParent, TickerParentAction> {
  let ticker: Reducer<Int, TickerAction> = { count, action in
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
  return combine(
    ifLet(
      ticker, value: \.ticker,
      action: CasePath(TickerParentAction.ticker) { action in
        guard case .ticker(let tickerAction) = action else { return nil }
        return tickerAction
      }),
    { state, action in
      if case .replace(let count) = action { state.ticker = count }
      return .none
    }
  )
}

/// A folder of rows shown as an optional detail: a forEach inside an ifLet over an Identifiable child.
private struct Folder: Identifiable, Equatable, Sendable {
  let id: String
  var rows: IdentifiedArrayOf<RowState> = [RowState(id: 1)]
}

private enum FolderAction: Equatable, Sendable {
  case row(Int, RowAction)
  case removeRow(Int)
}

private struct Browser: Equatable, Sendable {
  var folder: Folder?
}

private enum BrowserAction: Equatable, Sendable {
  case folder(FolderAction)
  case open(String)
}

private func browserReducer(clock: any Clock<Duration>) -> Reducer<Browser, BrowserAction> {
  let folder: Reducer<Folder, FolderAction> = combine(
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
  return combine(
    ifLet(
      folder, value: \.folder,
      action: CasePath(BrowserAction.folder) { action in
        guard case .folder(let folderAction) = action else { return nil }
        return folderAction
      }),
    { state, action in
      if case .open(let id) = action { state.folder = Folder(id: id) }
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
    store.send(.openDetail(1)) { $0.detail = RowState(id: 1) }
    store.send(.detail(.toggleTimerButtonTapped)) { $0.detail?.isTimerRunning = true }
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
    store.send(.openDetail(1)) { $0.detail = RowState(id: 1) }
    store.send(.detail(.toggleTimerButtonTapped)) { $0.detail?.isTimerRunning = true }
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
    store.send(.openDetail(1)) { $0.detail = RowState(id: 1) }
    store.send(.detail(.toggleTimerButtonTapped)) { $0.detail?.isTimerRunning = true }
    store.send(.openDetail(2)) { $0.detail = RowState(id: 2) }
    store.send(.detail(.toggleTimerButtonTapped)) { $0.detail?.isTimerRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.detail(.timerTick)) { $0.detail?.count = 1 }
    store.send(.closeDetail) { $0.detail = nil }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test("Inside the child there now, a removed row's effects stop; a replaced child's rows stop with it")
  func nestedForEach() async {
    let clock = TestClock()
    let store = TestStore(initialValue: Browser(), reducer: browserReducer(clock: clock))
    store.send(.open("a")) { $0.folder = Folder(id: "a") }
    store.send(.folder(.row(1, .toggleTimerButtonTapped))) { $0.folder?.rows[id: 1]?.isTimerRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.folder(.row(1, .timerTick))) { $0.folder?.rows[id: 1]?.count = 1 }
    store.send(.folder(.removeRow(1))) { $0.folder?.rows = [] }
    await clock.advance(by: .seconds(2))
    store.send(.open("b")) { $0.folder = Folder(id: "b") }
    store.send(.folder(.row(1, .toggleTimerButtonTapped))) { $0.folder?.rows[id: 1]?.isTimerRunning = true }
    store.send(.open("c")) { $0.folder = Folder(id: "c") }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test("A child that is not Identifiable keeps its effects through any replacement")
  func notIdentifiable() async {
    let clock = TestClock()
    let store = TestStore(initialValue: TickerParent(ticker: 0), reducer: tickerParentReducer(clock: clock))
    store.send(.ticker(.start))
    store.send(.replace(10)) { $0.ticker = 10 }
    await clock.advance(by: .seconds(1))
    await store.receive(.ticker(.tick)) { $0.ticker = 11 }
    store.send(.replace(nil)) { $0.ticker = nil }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }
}
