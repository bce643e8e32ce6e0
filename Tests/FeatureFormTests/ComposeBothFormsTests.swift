import Effectful
import EffectfulTesting
import Testing

/// The episode's function form and the feature form, composed into each other.
@MainActor
@Suite("Functions and features compose")
struct ComposeBothFormsTests {
  struct Row: Identifiable, Equatable {
    let id: Int
    var count = 0
  }

  struct ListState: Equatable {
    var rows: IdentifiedArray<Int, Row> = []
    var detail: CounterFeature.State?
    var counter = CounterFeature.State()
    var log: [String] = []
  }

  enum ListAction {
    case row(Int, RowAction)
    case detail(CounterFeature.Action)
    case counter(CounterFeature.Action)
    case addRow(Int)
    case openDetail
  }

  enum RowAction { case increment }

  nonisolated static let rowReducer: Reducer<Row, RowAction> = { row, _ in
    row.count += 1
    return .none
  }

  struct ListFeature: ReducerProtocol {
    typealias State = ListState
    typealias Action = ListAction
    let logs: Bool

    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: ListAction.counter) { CounterFeature() }
      if logs {
        Reduce { state, _ in
          state.log.append("action")
          return .none
        }
      } else {
        Reduce { _, _ in .none }
      }
      Reduce { state, action in
        switch action {
        case .addRow(let id):
          state.rows.append(Row(id: id))
          return .none
        case .openDetail:
          state.detail = CounterFeature.State()
          return .none
        case .row, .detail, .counter:
          return .none
        }
      }
      .forEach(\.rows, action: CasePath(ListAction.row)) { Reduce(ComposeBothFormsTests.rowReducer) }
      .ifLet(\.detail, action: CasePath(ListAction.detail)) { CounterFeature() }
    }
  }

  @Test func aBodyOfScopesModifiersAndConditions() {
    let store = TestStore(initialState: ListState()) {
      ListFeature(logs: true)
    }
    store.send(.addRow(7)) {
      $0.rows.append(Row(id: 7))
      $0.log = ["action"]
    }
    store.send(.row(7, .increment)) {
      $0.rows[id: 7]?.count = 1
      $0.log.append("action")
    }
    store.send(.openDetail) {
      $0.detail = CounterFeature.State()
      $0.log.append("action")
    }
    store.send(.detail(.incrementButtonTapped)) {
      $0.detail?.count = 1
      $0.log.append("action")
    }
    store.send(.counter(.incrementButtonTapped)) {
      $0.counter.count = 1
      $0.log.append("action")
    }
  }

  @Test func theElseBranch() {
    let store = TestStore(initialState: ListState()) {
      ListFeature(logs: false)
    }
    store.send(.addRow(1)) { $0.rows.append(Row(id: 1)) }
  }

  @Test func aFeatureIsAFunctionForPullbackAndBack() {
    let appReducer: Reducer<ListState, ListAction> = combine(
      pullback(CounterFeature().reducer, value: \.counter, action: CasePath(ListAction.counter)),
      forEach(ComposeBothFormsTests.rowReducer, value: \.rows, action: CasePath(ListAction.row)),
      Reduce { state, action in
        guard case .addRow(let id) = action else { return .none }
        state.rows.append(Row(id: id))
        return .none
      }.reducer
    )
    let store = TestStore(initialValue: ListState(), reducer: appReducer)
    store.send(.counter(.incrementButtonTapped)) { $0.counter.count = 1 }
    store.send(.addRow(2)) { $0.rows.append(Row(id: 2)) }
    store.send(.row(2, .increment)) { $0.rows[id: 2]?.count = 1 }
    // And the function goes back into a feature, whose body runs it once.
    let feature = TestStore(initialState: ListState()) { Reduce(appReducer) }
    feature.send(.counter(.incrementButtonTapped)) { $0.counter.count = 1 }
  }

  @Test func aFunctionStandsInABody() {
    struct Wrapper: ReducerProtocol {
      typealias State = CounterFeature.State
      typealias Action = CounterFeature.Action
      var body: some ReducerOf<Self> {
        Reduce { state, _ in
          state.count += 10
          return .none
        }
        CounterFeature().reducer
      }
    }
    let store = Store(initialState: CounterFeature.State()) { Wrapper() }
    store.send(.incrementButtonTapped)
    #expect(store.count == 11)
  }
}
