import EffectfulEffectTestSupport
import Effectful
import Observation
import Testing

@MainActor
@Suite("Child stores for lists and details")
struct ScopedStoreTests {
  private func makeStore() -> Store<ListState, ListAction> {
    Store(
      initialValue: ListState(rows: [RowState(id: 1), RowState(id: 2), RowState(id: 3)]),
      reducer: listReducer(clock: ImmediateClock()))
  }

  @Test("A row's store is kept by its parent, and notifies only when its own row changes")
  func rowStoresAreCachedAndNotifyAlone() {
    let store = makeStore()
    // Made and read inside the tracked read, as a SwiftUI body does, and not kept by the reader:
    // only the parent keeps the stores, and that is what lets their changes be heard.
    let trackers = (0..<3).map { index in
      Tracker { store.scope(forEach: \.rows, action: rowCase)[index].value.count }
    }
    store.send(.row(2, .incrementButtonTapped))
    store.send(.row(2, .incrementButtonTapped))
    store.send(.openDetail(1))
    #expect(trackers.map(\.heard) == [[], [1, 2], []])
    let again = store.scope(forEach: \.rows, action: rowCase)
    #expect(again.map(\.value.count) == [0, 2, 0])
    #expect(again[1] === store.scope(forEach: \.rows, action: rowCase)[1])
  }

  @Test("A row store sends through its parent, to its own row")
  func rowStoreSends() {
    let store = makeStore()
    let rows = store.scope(forEach: \.rows, action: rowCase)
    rows[2].send(.incrementButtonTapped)
    #expect(store.value.rows.map(\.count) == [0, 0, 1])
  }

  @Test("A removed row's store is dropped; the others keep their identity")
  func removedRowStoreIsDropped() {
    let store = makeStore()
    let before = store.scope(forEach: \.rows, action: rowCase)
    weak let removed = before[0]
    let kept = ObjectIdentifier(before[1])
    store.send(.removeRow(1))
    let after = store.scope(forEach: \.rows, action: rowCase)
    #expect(after.map(\.id) == [kept, ObjectIdentifier(before[2])])
    #expect(before[0].value == RowState(id: 1))  // the last value it showed
    _ = consume before
    #expect(removed == nil)
  }

  @Test("The detail's store is nil while the detail is, kept while it is there, and notifies alone")
  func optionalChildStore() {
    let store = makeStore()
    #expect(store.scope(value: \.detail, action: detailCase) == nil)
    store.send(.openDetail(2))
    let detail = store.scope(value: \.detail, action: detailCase)
    #expect(detail != nil)
    #expect(detail === store.scope(value: \.detail, action: detailCase))
    let tracker = Tracker { store.scope(value: \.detail, action: detailCase)?.value.count }
    store.send(.row(1, .incrementButtonTapped))
    detail?.send(.incrementButtonTapped)
    #expect(tracker.heard == [1])
    store.send(.closeDetail)
    #expect(store.scope(value: \.detail, action: detailCase) == nil)
  }
}
