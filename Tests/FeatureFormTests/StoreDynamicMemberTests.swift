import Effectful
import Observation
import Testing

@MainActor
@Suite("store.count reads the state")
struct StoreDynamicMemberTests {
  struct State: Equatable {
    var count = 0
    var other = 0
    var value = "a field named value"
    var id = "a field named id"
  }

  enum Action { case increment, bumpOther }

  let reducer: Reducer<State, Action> = { state, action in
    switch action {
    case .increment: state.count += 1
    case .bumpOther: state.other += 1
    }
    return .none
  }

  @Test func aMemberIsTheValuesMember() {
    let store = Store(initialValue: State(), reducer: reducer)
    store.send(.increment)
    #expect(store.count == 1)
    #expect(store.count == store.value.count)
  }

  @Test func aReadIsTrackedAsValueIs() {
    let store = Store(initialValue: State(), reducer: reducer)
    let changes = Counter()
    withObservationTracking { _ = store.count } onChange: { changes.count += 1 }
    store.send(.increment)
    #expect(changes.count == 1)
    // Tracked reads are one-shot: not read again, not told again.
    store.send(.increment)
    #expect(changes.count == 1)
  }

  @Test func theStoresOwnMembersWin() {
    let store = Store(initialValue: State(), reducer: reducer)
    let value: State = store.value
    #expect(value == State())
    #expect(store.id == ObjectIdentifier(store))
    #expect(store.value.id == "a field named id")
  }
}
