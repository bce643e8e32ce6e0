import Effectful
import EffectfulTesting
import Testing

/// Sections of rows: a forEach inside a forEach, each row with a timer on a scheduler (the episode's
/// callback dialect).
private struct Section: Identifiable, Equatable, Sendable {
  let id: String
  var rows: IdentifiedArrayOf<RowState> = []
}

private enum SectionAction: Equatable, Sendable {
  case row(Int, RowAction)
  case removeRow(Int)
}

private struct Sections: Equatable, Sendable {
  var sections: IdentifiedArrayOf<Section> = []
}

private enum SectionsAction: Equatable, Sendable {
  case section(String, SectionAction)
  case removeSection(String)
}

/// A row whose timer is the episode's `Effect.timer` on a scheduler, under one id in every row.
private func callbackRowReducer(scheduler: TestScheduler) -> Reducer<RowState, RowAction> {
  { state, action in
    switch action {
    case .incrementButtonTapped:
      state.count += 1
      return []
    case .toggleTimerButtonTapped:
      state.isTimerRunning.toggle()
      guard state.isTimerRunning else { return [.cancel(id: "timer")] }
      return [Effect.timer(id: "timer", every: .seconds(1), on: scheduler).map { _ in .timerTick }]
    case .timerTick:
      state.count += 1
      return []
    }
  }
}

private func sectionsReducer(scheduler: TestScheduler) -> Reducer<Sections, SectionsAction> {
  let rowCase = CasePath(SectionAction.row) { action -> (Int, RowAction)? in
    guard case .row(let id, let rowAction) = action else { return nil }
    return (id, rowAction)
  }
  let sectionCase = CasePath(SectionsAction.section) { action -> (String, SectionAction)? in
    guard case .section(let id, let sectionAction) = action else { return nil }
    return (id, sectionAction)
  }
  let section: Reducer<Section, SectionAction> = combine(
    forEach(callbackRowReducer(scheduler: scheduler), value: \.rows, action: rowCase),
    { state, action in
      if case .removeRow(let id) = action { state.rows.remove(id: id) }
      return []
    }
  )
  return combine(
    forEach(section, value: \.sections, action: sectionCase),
    { state, action in
      if case .removeSection(let id) = action { state.sections.remove(id: id) }
      return []
    }
  )
}

@MainActor
@Suite("forEach inside forEach, in the callback dialect")
struct NestedScopeTests {
  private func makeStore(_ scheduler: TestScheduler) -> TestStore<Sections, SectionsAction> {
    TestStore(
      initialValue: Sections(sections: [
        Section(id: "a", rows: [RowState(id: 1), RowState(id: 2)]),
        Section(id: "b", rows: [RowState(id: 1)]),
      ]),
      reducer: sectionsReducer(scheduler: scheduler))
  }

  @Test(
    "Row 1 of two sections: same row id, same timer id, separate timers; removing a row inside a section stops only it"
  )
  func nestedScopes() {
    let scheduler = TestScheduler()
    let store = makeStore(scheduler)
    store.send(.section("a", .row(1, .toggleTimerButtonTapped))) {
      $0.sections[id: "a"]?.rows[id: 1]?.isTimerRunning = true
    }
    store.send(.section("b", .row(1, .toggleTimerButtonTapped))) {
      $0.sections[id: "b"]?.rows[id: 1]?.isTimerRunning = true
    }
    scheduler.advance(by: .seconds(1))
    store.receive(.section("a", .row(1, .timerTick))) { $0.sections[id: "a"]?.rows[id: 1]?.count = 1 }
    store.receive(.section("b", .row(1, .timerTick))) { $0.sections[id: "b"]?.rows[id: 1]?.count = 1 }
    // Section a's row 1 stops its timer: section b's row 1, same ids all the way down, goes on.
    store.send(.section("a", .row(1, .toggleTimerButtonTapped))) {
      $0.sections[id: "a"]?.rows[id: 1]?.isTimerRunning = false
    }
    scheduler.advance(by: .seconds(1))
    store.receive(.section("b", .row(1, .timerTick))) { $0.sections[id: "b"]?.rows[id: 1]?.count = 2 }
    // Removed by the section's own reducer, one level down: the check is lifted to the store.
    store.send(.section("b", .removeRow(1))) { $0.sections[id: "b"]?.rows.remove(id: 1) }
    scheduler.advance(by: .seconds(5))
    store.finish()
  }

  @Test("Removing a section stops the timers of all its rows")
  func removingTheOuterElement() {
    let scheduler = TestScheduler()
    let store = makeStore(scheduler)
    store.send(.section("a", .row(1, .toggleTimerButtonTapped))) {
      $0.sections[id: "a"]?.rows[id: 1]?.isTimerRunning = true
    }
    store.send(.section("a", .row(2, .toggleTimerButtonTapped))) {
      $0.sections[id: "a"]?.rows[id: 2]?.isTimerRunning = true
    }
    store.send(.removeSection("a")) { $0.sections.remove(id: "a") }
    scheduler.advance(by: .seconds(5))
    store.finish()
  }
}
