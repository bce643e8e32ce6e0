import EffectfulEffectTestSupport
import Effectful
import Observation
import Testing

// Issue 37, item 2: a nested path read through the store's key-path subscript is tracked at its own
// path. `store.detail.title` stays tracked at `detail` (see `FieldObservationTests`): dynamic member
// lookup sees only its first step, and a read proxy in its place would change what `store.detail`
// is where a value is expected (`if let`, `let`).

/// Counts the comparisons of ``Mark`` values, so that a test can see which paths a send compares.
private final class ComparisonLog {
  var count = 0
}

/// An `Equatable` leaf whose `==` is counted.
private struct Mark: Equatable {
  let log: ComparisonLog
  var number = 0

  static func == (lhs: Mark, rhs: Mark) -> Bool {
    lhs.log.count += 1
    return lhs.number == rhs.number
  }
}

private struct Detail: Equatable {
  var title = "Detail"
  var subtitle = "Sub"
  var mark: Mark
  /// Computed: a path through it is read with the key path, not at an offset.
  var shout: String { title.uppercased() }
}

private struct Page: Equatable {
  var count = 0
  var detail: Detail
  var sheet: Detail?
}

private enum PageAction: Sendable {
  case increment
  case title(String)
  case subtitle(String)
  case bumpMark
  case sheetTitle(String)
  case sheetSubtitle(String)
}

private let pageReducer: Reducer<Page, PageAction> = { page, action in
  switch action {
  case .increment: page.count += 1
  case .title(let title): page.detail.title = title
  case .subtitle(let subtitle): page.detail.subtitle = subtitle
  case .bumpMark: page.detail.mark.number += 1
  case .sheetTitle(let title): page.sheet?.title = title
  case .sheetSubtitle(let subtitle): page.sheet?.subtitle = subtitle
  }
  return []
}

@MainActor
private func makeStore(log: ComparisonLog = ComparisonLog()) -> Store<Page, PageAction> {
  let detail = Detail(mark: Mark(log: log))
  return Store(initialValue: Page(detail: detail, sheet: detail), reducer: pageReducer)
}

@MainActor
@Suite("Observation of nested paths")
struct NestedPathObservationTests {
  @Test("A reader of store[\\.detail.title] is not told when detail.subtitle changes")
  func siblingOfTheLeafDoesNotInvalidate() {
    let store = makeStore()
    let heard = Collected<String>()
    withObservationTracking {
      _ = store[\.detail.title]
    } onChange: {
      heard.append("title")
    }
    store.send(.subtitle("New"))
    store.send(.increment)
    #expect(heard.values.isEmpty)
    store.send(.title("Primes"))
    #expect(heard.values == ["title"])
  }

  @Test("The subscript gives the value at the end of the path, as the value would")
  func valueAtTheEndOfThePath() {
    let store = makeStore()
    store.send(.title("Primes"))
    #expect(store[\.detail.title] == store.value.detail.title)
    #expect(store[\.detail.shout] == "PRIMES")
    #expect(store[\.sheet?.title] == "Detail")
  }

  @Test("A coarse reader of detail and a reader of detail.title on one store each hear their own")
  func coarseAndFineReadersTogether() {
    let store = makeStore()
    let coarse = Tracker { store.detail.subtitle }
    let fine = Tracker { store[\.detail.title] }
    store.send(.subtitle("New"))
    #expect(coarse.heard == ["New"])
    #expect(fine.heard == [])
    store.send(.title("Primes"))
    #expect(coarse.heard == ["New", "New"])
    #expect(fine.heard == ["Primes"])
  }

  @Test("A path through a computed property is compared by its value")
  func computedStep() {
    let store = makeStore()
    let shout = Tracker { store[\.detail.shout] }
    store.send(.subtitle("New"))
    store.send(.title("primes"))
    store.send(.title("PRIMES"))  // same shout
    #expect(shout.heard == ["PRIMES"])
  }

  @Test("An optional-chaining path is tracked at its own path")
  func optionalChainingPath() {
    let store = makeStore()
    let title = Tracker { store[\.sheet?.title] }
    store.send(.sheetSubtitle("New"))
    store.send(.title("Page"))
    store.send(.sheetTitle("Sheet"))
    #expect(title.heard == ["Sheet"])
  }

  @Test("Through a scoped store, and through a view, a nested path is tracked at its own path")
  func throughChildStores() {
    let store = makeStore()
    let scoped = Tracker { store.view(value: { $0 }, action: { $0 })[\.detail.title] }
    store.send(.subtitle("New"))
    store.send(.title("Primes"))
    #expect(scoped.heard == ["Primes"])
  }

  @Test("Only the leaf is compared: a send compares a read path once, not its parents")
  func onlyTheLeafIsCompared() {
    let log = ComparisonLog()
    let store = makeStore(log: log)
    let heard = Collected<String>()
    withObservationTracking {
      _ = store[\.detail.mark]
    } onChange: {
      heard.append("mark")
    }
    store.send(.title("Primes"))
    #expect(log.count == 1)
    #expect(heard.values.isEmpty)
    store.send(.bumpMark)
    #expect(heard.values == ["mark"])
  }
}
