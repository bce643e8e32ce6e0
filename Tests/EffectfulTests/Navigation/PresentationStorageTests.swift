@testable import Effectful
import Synchronization
import Testing

/// A presentation `ifLet` reads and writes its `@PresentationState` at the wrapper's storage once it
/// has found it (`PresentationStoragePath`): with several presentations of one type in a state,
/// one of them in a nested struct, each must find its own, and a key path that is not one stored
/// wrapper's projection must keep going through the key path.
@MainActor
@Suite("Navigation: a presentation's storage")
struct PresentationStorageTests {
  struct Sheet: Equatable, Sendable {
    var count = 0
  }

  enum SheetAction: Sendable {
    case start, bump
  }

  struct Inner: Equatable, Sendable {
    var flag = false
    @PresentationState var sheet: Sheet?
  }

  struct Sheets: Equatable, Sendable {
    var flag = false
    @PresentationState var first: Sheet?
    var count = 0
    @PresentationState var second: Sheet?
    var inner = Inner()
    var plain: Sheet?
    /// A presentation that is no stored wrapper's projection: it reads and writes `plain`.
    var computed: PresentationState<Sheet> {
      get { PresentationState(wrappedValue: plain) }
      set { plain = newValue.wrappedValue }
    }
  }

  enum Place: Hashable, Sendable, CaseIterable {
    case first, second, inner, computed
  }

  enum Action: Sendable {
    case sheet(Place, PresentationAction<SheetAction>)
    case present(Place)
  }

  /// Counts, for each place, the child effects cancelled there.
  final class Cancellations: @unchecked Sendable {
    var counts: [Place: Int] = [:]
  }

  nonisolated static func sheet(_ place: Place, _ cancellations: Cancellations) -> Reducer<Sheet, SheetAction> {
    { state, action in
      switch action {
      case .bump:
        state.count += 1
        return []
      case .start:
        return [
          Effect<SheetAction>.create { subscriber in
            subscriber.onCancel { cancellations.counts[place, default: 0] += 1 }
          }
        ]
      }
    }
  }

  nonisolated static func path(_ place: Place) -> WritableKeyPath<Sheets, PresentationState<Sheet>> {
    switch place {
    case .first: \.$first
    case .second: \.$second
    case .inner: \.inner.$sheet
    case .computed: \.computed
    }
  }

  static func reducer(_ cancellations: Cancellations) -> Reducer<Sheets, Action> {
    let own: Reducer<Sheets, Action> = { state, action in
      if case .present(let place) = action { state[keyPath: path(place)].wrappedValue = Sheet() }
      return []
    }
    return Place.allCases.reduce(own) { reducer, place in
      ifLet(
        reducer, value: path(place),
        action: CasePath({ Action.sheet(place, $0) }) { action in
          guard case .sheet(place, let sheetAction) = action else { return nil }
          return sheetAction
        },
        destination: sheet(place, cancellations))
    }
  }

  @Test("Each presentation of one type, one in a nested struct, changes and clears only its own")
  func eachFindsItsOwn() {
    let cancellations = Cancellations()
    let store = Store(initialValue: Sheets(), reducer: Self.reducer(cancellations))
    for place in Place.allCases {
      store.send(.present(place))
      store.send(.sheet(place, .presented(.start)))
    }
    store.send(.sheet(.second, .presented(.bump)))
    store.send(.sheet(.second, .presented(.bump)))
    store.send(.sheet(.inner, .presented(.bump)))
    store.send(.sheet(.computed, .presented(.bump)))
    #expect(store.value.first == Sheet(count: 0))
    #expect(store.value.second == Sheet(count: 2))
    #expect(store.value.inner.sheet == Sheet(count: 1))
    #expect(store.value.plain == Sheet(count: 1))
    #expect(cancellations.counts.isEmpty)

    for (dismissed, place) in [Place.second, .inner, .computed, .first].enumerated() {
      store.send(.sheet(place, .dismiss))
      #expect(store.value[keyPath: Self.path(place)].wrappedValue == nil)
      #expect(cancellations.counts[place] == 1, "\(place)")
      #expect(cancellations.counts.values.reduce(0, +) == dismissed + 1)
    }
    #expect(store.value.flag == false && store.value.count == 0 && store.value.inner.flag == false)
  }

  @Test("The storage found is the wrapper's own, and a computed presentation keeps its key path")
  func storageFound() {
    var sheets = Sheets()
    sheets.second = Sheet(count: 3)
    sheets.inner.sheet = Sheet(count: 4)
    sheets.plain = Sheet(count: 5)
    for place in [Place.second, .inner, .computed] {
      let path = PresentationStoragePath(Self.path(place))
      path.learn(from: sheets)
      #expect(path.read(sheets) == sheets[keyPath: Self.path(place)], "\(place)")
      var changed = sheets
      path.modify(&changed) { $0.wrappedValue = Sheet(count: 9) }
      var expected = sheets
      expected[keyPath: Self.path(place)].wrappedValue = Sheet(count: 9)
      #expect(changed == expected, "\(place)")
    }
    let computed = PresentationStoragePath(Self.path(.computed))
    computed.learn(from: sheets)
    #expect(computed.storage.load(ordering: .relaxed) == PresentationStoragePath<Sheets, Sheet>.none)
    let second = PresentationStoragePath(Self.path(.second))
    second.learn(from: sheets)
    #expect(second.storage.load(ordering: .relaxed) >= 0)
  }
}
