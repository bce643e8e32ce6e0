import Effectful
import EffectfulEffectTestSupport
import Testing

private struct Shelf: Equatable {
  var count = 0
  var saved: [Int] = []
  var alert: Alert?
  var note = "hello"
}

private struct Alert: Equatable {
  var n: Int
  var prime: Int
}

private enum ShelfAction: Equatable {
  case increment
  case save
  case alert(n: Int, prime: Int)
  case nothing
}

private let shelfReducer: Reducer<Shelf, ShelfAction> = { state, action in
  switch action {
  case .increment: state.count += 1
  case .save: state.saved.append(state.count)
  case .alert(let n, let prime): state.alert = Alert(n: n, prime: prime)
  case .nothing: break
  }
  return []
}

private func with<A, B>(_ value: A, _ transform: (A) throws -> B) rethrows -> B {
  try transform(value)
}

private func compose<A, B, C>(_ outer: @escaping (B) -> C, _ inner: @escaping (A) -> B) -> (A) -> C {
  { value in outer(inner(value)) }
}

@MainActor
@Suite("loggingChanges")
struct LoggingChangesTests {
  private func entries(for actions: [ShelfAction]) -> [String] {
    let lines = Collected<String>()
    let store = Store(
      initialValue: Shelf(), reducer: loggingChanges(shelfReducer, printer: { lines.append($0) }))
    for action in actions { store.send(action) }
    return lines.values
  }

  @Test func printsTheActionAndOnlyTheFieldsItChanged() {
    #expect(
      entries(for: [.increment, .save]) == [
        "Action: ShelfAction.increment\n  Shelf.count: 0 → 1",
        "Action: ShelfAction.save\n  Shelf.saved: 0 → 1 element (added [0]: 1)",
      ])
  }

  @Test func namesAPayloadAndAnOptionalThatAppeared() {
    #expect(
      entries(for: [.alert(n: 3, prime: 5)]) == [
        "Action: ShelfAction.alert(n: 3, prime: 5)\n  Shelf.alert: nil → Alert(n: 3, prime: 5)"
      ])
  }

  @Test func saysSoWhenNothingChanged() {
    #expect(entries(for: [.nothing]) == ["Action: ShelfAction.nothing\n  (no state changes)"])
  }

  @Test func keepsTheReducersEffectsAndPrintsAfterIt() {
    let lines = Collected<String>()
    let reducer: Reducer<Shelf, ShelfAction> = { state, action in
      let effects = shelfReducer(&state, action)
      return action == .increment ? [.send(.save)] : effects
    }
    let store = Store(
      initialValue: Shelf(), reducer: loggingChanges(reducer, printer: { lines.append($0) }))
    store.send(.increment)
    #expect(store.value.saved == [1])
    #expect(lines.values.count == 2)
  }

  @Test func composesPointFreeLikeLogging() {
    let asValue: (@escaping Reducer<Shelf, ShelfAction>) -> Reducer<Shelf, ShelfAction> = loggingChanges
    var state = Shelf()
    _ = with(shelfReducer, compose(asValue, { $0 }))(&state, .increment)
    // Both loggings side by side: adding `loggingChanges` left the bare `logging` unambiguous.
    _ = with(shelfReducer, compose(logging, loggingChanges))(&state, .increment)
    #expect(state.count == 2)
  }

  @Test func stopsAfterTwentyChanges() {
    let lines = Collected<String>()
    let reducer: Reducer<[Int], Int> = { values, _ in
      values = values.map { $0 + 1 }
      return []
    }
    let store = Store(
      initialValue: Array(repeating: 0, count: 30),
      reducer: loggingChanges(reducer, printer: { lines.append($0) }))
    store.send(1)
    let entry = lines.values.first?.split(separator: "\n") ?? []
    #expect(entry.count == 22)
    #expect(entry.last == "  … and 10 more changes")
  }
}
