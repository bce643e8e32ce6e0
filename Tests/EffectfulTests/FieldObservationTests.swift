import EffectfulEffectTestSupport
import Effectful
import Observation
import Testing

/// Counts the comparisons of ``Probe`` values, so that a test can see which fields a send compares.
private final class ComparisonLog {
  var count = 0
}

/// An `Equatable` field whose `==` is counted.
private struct Probe: Equatable {
  let log: ComparisonLog
  var number = 0

  static func == (lhs: Probe, rhs: Probe) -> Bool {
    lhs.log.count += 1
    return lhs.number == rhs.number
  }
}

/// Not `Equatable`: the store cannot tell a write from no write.
private struct Opaque {
  var number = 0
}

private struct FieldDetail: Equatable {
  var title = "Detail"
  var count = 0
}

private struct FieldRow: Equatable, Identifiable {
  let id: Int
  var name = "row"
  var count = 0
}

private struct Screen: Equatable {
  var count = 0
  var title = "Counter"
  var detail = FieldDetail()
  var rows: IdentifiedArrayOf<FieldRow> = [FieldRow(id: 1), FieldRow(id: 2)]
  var probe: Probe
  var opaque = Opaque()

  static func == (lhs: Screen, rhs: Screen) -> Bool {
    lhs.count == rhs.count && lhs.title == rhs.title && lhs.detail == rhs.detail && lhs.rows == rhs.rows
      && lhs.probe == rhs.probe && lhs.opaque.number == rhs.opaque.number
  }
}

private enum FieldRowAction: Sendable {
  case increment
  case rename(String)
}

private enum ScreenAction: Sendable {
  case increment
  case rename(String)
  case renameDetail(String)
  case incrementDetail
  case bumpProbe
  case writeOpaque(Int)
  case row(Int, FieldRowAction)
  case detail(FieldDetailAction)
  case noop
  /// Changes count and title in one action.
  case incrementAndRename(String)
}

private enum FieldDetailAction: Sendable {
  case rename(String)
  case increment
}

private let screenReducer: Reducer<Screen, ScreenAction> = { screen, action in
  switch action {
  case .increment: screen.count += 1
  case .rename(let title): screen.title = title
  case .renameDetail(let title), .detail(.rename(let title)): screen.detail.title = title
  case .incrementDetail, .detail(.increment): screen.detail.count += 1
  case .bumpProbe: screen.probe.number += 1
  case .writeOpaque(let number): screen.opaque.number = number
  case .row(let id, .increment): screen.rows[id: id]?.count += 1
  case .row(let id, .rename(let name)): screen.rows[id: id]?.name = name
  case .noop: break
  case .incrementAndRename(let title):
    screen.count += 1
    screen.title = title
  }
  return []
}

private let fieldRowCase = CasePath<ScreenAction, (Int, FieldRowAction)>(ScreenAction.row) { action in
  guard case .row(let id, let action) = action else { return nil }
  return (id, action)
}

@MainActor
private func makeStore(log: ComparisonLog = ComparisonLog()) -> Store<Screen, ScreenAction> {
  Store(initialValue: Screen(probe: Probe(log: log)), reducer: screenReducer)
}

@MainActor
@Suite("Observation by field")
struct FieldObservationTests {
  @Test("A reader of count is not told when another field changes")
  func otherFieldDoesNotInvalidate() {
    let store = makeStore()
    let tracker = Tracker { store.count }
    store.send(.rename("Primes"))
    store.send(.incrementDetail)
    store.send(.row(1, .increment))
    #expect(tracker.heard.isEmpty)
  }

  @Test("A reader of count is told when count changes, once per send, with the new count")
  func ownFieldInvalidates() {
    let store = makeStore()
    let tracker = Tracker { store.count }
    store.send(.increment)
    store.send(.rename("Primes"))
    store.send(.increment)
    #expect(tracker.heard == [1, 2])
  }

  @Test("A field written with the value it had is not a change")
  func equalWriteIsNoChange() {
    let store = makeStore()
    let tracker = Tracker { store.title }
    store.send(.rename("Counter"))
    store.send(.noop)
    #expect(tracker.heard.isEmpty)
  }

  @Test("A reader of value is told about a change to any field")
  func valueReaderHearsEverything() {
    let store = makeStore()
    let tracker = Tracker { store.value.count }
    store.send(.rename("Primes"))
    store.send(.incrementDetail)
    store.send(.row(2, .rename("two")))
    store.send(.noop)
    #expect(tracker.heard == [0, 0, 0])
  }

  @Test("A field that is not Equatable counts as changed when written, and by every send")
  func opaqueFieldIsCoarse() {
    let store = makeStore()
    let tracker = Tracker { store.opaque.number }
    store.send(.writeOpaque(1))
    store.send(.increment)  // the store cannot tell that it did not write `opaque`
    #expect(tracker.heard == [1, 1])
  }

  @Test("A reader of two fields is told about each")
  func twoFields() {
    let store = makeStore()
    let tracker = Tracker { "\(store.count) \(store.title)" }
    store.send(.increment)
    store.send(.rename("Primes"))
    store.send(.incrementDetail)
    #expect(tracker.heard == ["1 Counter", "1 Primes"])
  }

  @Test("A reader of two fields that both change in one send is told once")
  func twoFieldsOneNotification() {
    let store = makeStore()
    let heard = Collected<String>()
    // Reads once and is told once, as a SwiftUI body, which reads again after the send.
    withObservationTracking {
      _ = store.count
      _ = store.title
    } onChange: {
      heard.append("told")
    }
    store.send(.incrementAndRename("Both"))
    #expect(heard.values == ["told"])
  }

  @Test("store.detail.title reads detail: told when any part of detail changes, not for other fields")
  func nestedPathThroughTheRootReadsItsFirstField() {
    let store = makeStore()
    let tracker = Tracker { store.detail.title }
    store.send(.increment)
    store.send(.incrementDetail)
    #expect(tracker.heard == ["Detail"])
  }

  @Test("A nested path read through a scoped store is tracked at its own path")
  func nestedPathThroughAScopedStore() {
    let store = makeStore()
    let detail = store.scope(state: \.detail, action: ScreenAction.detail)
    let titleTracker = Tracker { detail.title }
    let countTracker = Tracker { detail.count }
    store.send(.increment)
    detail.send(.increment)
    store.send(.renameDetail("Primes"))
    #expect(titleTracker.heard == ["Primes"])
    #expect(countTracker.heard == [1])
  }

  @Test("A scoped store made and read in the tracked closure is kept alive by a field read")
  func scopedStoreMadeInBody() {
    let store = makeStore()
    let tracker = Tracker { store.scope(state: \.detail, action: ScreenAction.detail).title }
    store.send(.incrementDetail)
    store.send(.renameDetail("Primes"))
    #expect(tracker.heard == ["Primes"])
  }

  @Test("A row store's reader of a field is told about that field of its row only")
  func rowStoreFields() {
    let store = makeStore()
    let names = [1, 2].map { id in
      Tracker { store.scope(forEach: \.rows, action: fieldRowCase)[id - 1].name }
    }
    store.send(.row(1, .increment))
    store.send(.row(2, .rename("two")))
    store.send(.row(1, .rename("one")))
    #expect(names.map(\.heard) == [["one"], ["two"]])
  }

  @Test("Only fields somebody waits on are compared")
  func onlyWaitedFieldsAreCompared() {
    let log = ComparisonLog()
    let store = makeStore(log: log)
    store.send(.bumpProbe)
    #expect(log.count == 0)  // nobody read it

    _ = store.probe  // read outside any tracking scope: nobody waits
    store.send(.increment)
    #expect(log.count == 0)

    let heard = Collected<String>()
    withObservationTracking { _ = store.probe } onChange: { heard.append("probe") }
    store.send(.increment)  // compared, unchanged
    #expect(log.count == 1)
    store.send(.bumpProbe)  // compared, changed: the reader is told and stops waiting
    #expect(log.count == 2)
    #expect(heard.values == ["probe"])
    store.send(.bumpProbe)
    #expect(log.count == 2)
  }

  @Test("A field whose reader was told through another field is not compared any more")
  func readerToldElsewhereStopsComparisons() {
    let log = ComparisonLog()
    let store = makeStore(log: log)
    let heard = Collected<String>()
    withObservationTracking {
      _ = store.probe
      _ = store.count
    } onChange: {
      heard.append("told")
    }
    store.send(.increment)  // count changed: the reader is told, through count
    store.send(.bumpProbe)
    store.send(.bumpProbe)
    #expect(heard.values == ["told"])
    #expect(log.count == 1)  // compared once, in the send that told the reader
  }

  @Test("What a reader sends while being told is reduced in the same send, and tracked again")
  func readerSendsWhileTold() {
    let store = makeStore()
    // The reader is told on the store's actor (the main actor here), where the store lives.
    nonisolated(unsafe) let toldStore = store
    withObservationTracking {
      _ = store.count
    } onChange: {
      MainActor.assumeIsolated { _ = toldStore.send(.rename("Told")) }
    }
    let tracker = Tracker { store.title }
    store.send(.increment)
    #expect(store.value.title == "Told")
    #expect(tracker.heard == ["Told"])
  }
}
