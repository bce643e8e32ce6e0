import Effectful
import EffectfulCounters
import EffectfulTesting
import Testing

/// The list of counters, told as stories: the async dialect (rows' `.run` effects on a TestClock)
/// and the episode's callback dialect (the list's undo window on a TestScheduler).
@MainActor
@Suite("The list of counters")
struct CountersStoryTests {
  private func environment(clock: TestClock = TestClock(), scheduler: TestScheduler = TestScheduler())
    -> CountersEnvironment
  {
    CountersEnvironment(fact: { "\($0) is a good number." }, clock: clock, mainQueue: scheduler)
  }

  @Test("Two rows tick on their own timers under one id; deleting one stops its timer (TestClock)")
  func timersBelongToTheirRow() async {
    let clock = TestClock()
    let scheduler = TestScheduler()
    let store = TestStore(
      initialValue: CountersList.State(rows: [.init(id: 1), .init(id: 2)]),
      reducer: CountersList.reducer(environment: environment(clock: clock, scheduler: scheduler)))
    store.send(.row(1, .toggleTimerButtonTapped)) { $0.rows[id: 1]?.isTimerRunning = true }
    store.send(.row(2, .toggleTimerButtonTapped)) { $0.rows[id: 2]?.isTimerRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.row(1, .timerTick)) { $0.rows[id: 1]?.count = 1 }
    await store.receive(.row(2, .timerTick)) { $0.rows[id: 2]?.count = 1 }
    store.send(.deleteButtonTapped(1)) {
      $0.rows[id: 1] = nil
      $0.deleted = CounterRow.State(id: 1, count: 1)
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.row(2, .timerTick)) { $0.rows[id: 2]?.count = 2 }
    store.send(.row(2, .toggleTimerButtonTapped)) { $0.rows[id: 2]?.isTimerRunning = false }
    scheduler.advance(by: .seconds(3))
    await store.receive(.undoExpired) { $0.deleted = nil }
    await store.finish()
  }

  @Test("A fact arrives in its own row (.run)")
  func factInItsRow() async {
    let store = TestStore(
      initialValue: CountersList.State(rows: [.init(id: 1), .init(id: 2, count: 7)]),
      reducer: CountersList.reducer(environment: environment()))
    store.send(.row(2, .factButtonTapped)) { $0.rows[id: 2]?.isLoading = true }
    await store.receive(.row(2, .factResponse("7 is a good number."))) {
      $0.rows[id: 2]?.isLoading = false
      $0.rows[id: 2]?.fact = "7 is a good number."
    }
    await store.finish()
  }

  @Test("Undo brings a deleted row back before its window closes (TestScheduler)")
  func undo() {
    let scheduler = TestScheduler()
    let store = TestStore(
      initialValue: CountersList.State(rows: [.init(id: 1, count: 4)]),
      reducer: CountersList.reducer(environment: environment(scheduler: scheduler)))
    store.send(.deleteButtonTapped(1)) {
      $0.rows[id: 1] = nil
      $0.deleted = CounterRow.State(id: 1, count: 4)
    }
    scheduler.advance(by: .seconds(2))
    store.send(.undoButtonTapped) {
      $0.rows.append(CounterRow.State(id: 1, count: 4))
      $0.deleted = nil
    }
    scheduler.advance(by: .seconds(5))
    store.finish()
  }

  @Test("Closing the detail stops its timer and writes its count back to the row")
  func detail() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: CountersList.State(rows: [.init(id: 1, count: 2)]),
      reducer: CountersList.reducer(environment: environment(clock: clock)))
    store.send(.rowTapped(1)) { $0.detail = CounterRow.State(id: 1, count: 2) }
    store.send(.detail(.toggleTimerButtonTapped)) { $0.detail?.isTimerRunning = true }
    await clock.advance(by: .seconds(2))
    await store.receive(.detail(.timerTick)) { $0.detail?.count = 3 }
    await store.receive(.detail(.timerTick)) { $0.detail?.count = 4 }
    store.send(.detailClosed) {
      $0.rows[id: 1]?.count = 4
      $0.detail = nil
    }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }
}
