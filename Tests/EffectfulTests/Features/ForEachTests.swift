import Effectful
import EffectfulTesting
import Testing

@MainActor
@Suite("forEach and ifLet")
struct ForEachTests {
  @Test("An action reaches its own row, and only it")
  func routing() {
    let store = TestStore(
      initialValue: ListState(rows: [RowState(id: 1), RowState(id: 2), RowState(id: 3)]),
      reducer: listReducer(clock: TestClock()))
    store.send(.row(2, .incrementButtonTapped)) { $0.rows[id: 2]?.count = 1 }
    store.send(.row(3, .incrementButtonTapped)) { $0.rows[id: 3]?.count = 1 }
    store.send(.row(2, .incrementButtonTapped)) { $0.rows[id: 2]?.count = 2 }
  }

  @Test("Two rows with the same timer id tick on their own; a removed row's timer stops")
  func sameIDsAreRowsOwn() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: ListState(rows: [RowState(id: 1), RowState(id: 2)]),
      reducer: listReducer(clock: clock))
    store.send(.row(1, .toggleTimerButtonTapped)) { $0.rows[id: 1]?.isTimerRunning = true }
    store.send(.row(2, .toggleTimerButtonTapped)) { $0.rows[id: 2]?.isTimerRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.row(1, .timerTick)) { $0.rows[id: 1]?.count = 1 }
    await store.receive(.row(2, .timerTick)) { $0.rows[id: 2]?.count = 1 }
    // Row 1 cancels "its" timer: row 2's, under the same id, keeps ticking.
    store.send(.row(1, .toggleTimerButtonTapped)) { $0.rows[id: 1]?.isTimerRunning = false }
    await clock.advance(by: .seconds(1))
    await store.receive(.row(2, .timerTick)) { $0.rows[id: 2]?.count = 2 }
    store.send(.removeRow(2)) { $0.rows.remove(id: 2) }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("Removal is seen whichever order the reducers are combined in")
  func removalWithParentFirst() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: ListState(rows: [RowState(id: 1)]), reducer: listReducerParentFirst(clock: clock))
    store.send(.row(1, .toggleTimerButtonTapped)) { $0.rows[id: 1]?.isTimerRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.row(1, .timerTick)) { $0.rows[id: 1]?.count = 1 }
    store.send(.removeRow(1)) { $0.rows.remove(id: 1) }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test("A row added again under a removed row's id starts with nothing running")
  func readdedRow() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: ListState(rows: [RowState(id: 1)]), reducer: listReducer(clock: clock))
    store.send(.row(1, .toggleTimerButtonTapped)) { $0.rows[id: 1]?.isTimerRunning = true }
    store.send(.removeRow(1)) { $0.rows.remove(id: 1) }
    store.send(.addRow(1)) { $0.rows.append(RowState(id: 1)) }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test("ifLet cancels the child's effects when its state goes away")
  func ifLetCancels() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: ListState(rows: [RowState(id: 1)]), reducer: listReducer(clock: clock))
    store.openDetailWithItsTimer(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.detail(.timerTick)) { $0.detail?.count = 1 }
    store.send(.closeDetail) { $0.detail = nil }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test("An action for a missing row changes nothing and fails the test, naming the id")
  func missingRow() {
    let messages = Messages()
    let store = TestStore(
      initialValue: ListState(rows: [RowState(id: 1)]), reducer: listReducer(clock: TestClock()),
      failureReporter: { message, _, _ in messages.append(message) })
    store.send(.row(7, .incrementButtonTapped))
    let failures = messages.all
    #expect(failures.count == 1)
    #expect(failures.first?.contains("id 7") == true)
    #expect(failures.first?.contains("send(.row(7, .incrementButtonTapped))") == true)
  }

  @Test("An action for nil optional state changes nothing and fails the test")
  func missingChild() {
    let messages = Messages()
    let store = TestStore(
      initialValue: ListState(), reducer: listReducer(clock: TestClock()),
      failureReporter: { message, _, _ in messages.append(message) })
    store.send(.detail(.incrementButtonTapped))
    let failures = messages.all
    #expect(failures.count == 1)
    #expect(failures.first?.contains("ifLet") == true)
  }

  @Test("In an app store, a removed row's timer stops: nothing keeps running")
  func storeRemoval() async {
    let clock = TestClock()
    let store = Store(
      initialValue: ListState(rows: [RowState(id: 1), RowState(id: 2)]), reducer: listReducer(clock: clock))
    store.send(.row(1, .toggleTimerButtonTapped))
    store.send(.row(2, .toggleTimerButtonTapped))
    await clock.advance(by: .seconds(2))
    #expect(store.value.rows.map(\.count) == [2, 2])
    store.send(.removeRow(1))
    await clock.advance(by: .seconds(2))
    #expect(store.value.rows.map(\.count) == [4])
    store.send(.row(2, .toggleTimerButtonTapped))
    await clock.advance(by: .seconds(2))
    #expect(store.value.rows.map(\.count) == [4])
  }
}

/// Failure messages a test store reported, collected instead of failing the test.
final class Messages: Sendable {
  private let storage = LockedValue<[String]>([])
  func append(_ message: String) { storage.withValue { $0.append(message) } }
  var all: [String] { storage.withValue { $0 } }
}

/// The same list feature in two places of one store's value, each built by its own call.
private struct TwoLists: Equatable, Sendable {
  var left = ListState(rows: [RowState(id: 1)])
  var right = ListState(rows: [RowState(id: 1)])
}

private enum TwoListsAction: Equatable, Sendable {
  case left(ListAction)
  case right(ListAction)
}

@MainActor
@Suite("forEach in two places")
struct TwoPlacesTests {
  @Test("Two lists of the same feature keep their rows' effects apart, same ids and all")
  func twoPlaces() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: TwoLists(),
      reducer: combine(
        pullback(
          listReducer(clock: clock), value: \TwoLists.left,
          action: CasePath(TwoListsAction.left) { action in
            guard case .left(let listAction) = action else { return nil }
            return listAction
          }),
        pullback(
          listReducer(clock: clock), value: \TwoLists.right,
          action: CasePath(TwoListsAction.right) { action in
            guard case .right(let listAction) = action else { return nil }
            return listAction
          })
      ))
    store.send(.left(.row(1, .toggleTimerButtonTapped))) { $0.left.rows[id: 1]?.isTimerRunning = true }
    store.send(.right(.row(1, .toggleTimerButtonTapped))) { $0.right.rows[id: 1]?.isTimerRunning = true }
    store.send(.left(.removeRow(1))) { $0.left.rows.remove(id: 1) }
    await clock.advance(by: .seconds(1))
    await store.receive(.right(.row(1, .timerTick))) { $0.right.rows[id: 1]?.count = 1 }
    store.send(.right(.row(1, .toggleTimerButtonTapped))) { $0.right.rows[id: 1]?.isTimerRunning = false }
    await store.finish()
  }
}
