import Effectful
import EffectfulTesting
import Testing

/// A screen holding the list feature, lifted by hand: its reducer calls the list's and maps the
/// effects, as a hand-written higher-order reducer does, with no `pullback`.
private struct Screen: Equatable, Sendable {
  var title = "Rows"
  var list = ListState(rows: [RowState(id: 1), RowState(id: 2)])
}

private enum ScreenAction: Equatable, Sendable {
  case list(ListAction)
}

/// How the screen's reducer maps the list's effects into its own.
enum HandLifting: CaseIterable, Sendable {
  /// `effects.map { $0.map(ScreenAction.list) }`: each effect's `map`.
  case effectMap
  /// `effects.map(ScreenAction.list)`: the array's `map`.
  case arrayMap
}

private func screenReducer(
  clock: any Clock<Duration>, lifting: HandLifting
) -> Reducer<Screen, ScreenAction> {
  let list = listReducer(clock: clock)
  return { state, action in
    switch action {
    case .list(let listAction):
      let effects = list(&state.list, listAction)
      switch lifting {
      case .effectMap: return effects.map { $0.map(ScreenAction.list) }
      case .arrayMap: return effects.map(ScreenAction.list)
      }
    }
  }
}

/// The hand-lifted screen, pulled back once more: the check crosses a path and then finds its value.
private struct App: Equatable, Sendable {
  var screen = Screen()
}

private enum AppAction: Equatable, Sendable {
  case screen(ScreenAction)
}

private func appReducer(clock: any Clock<Duration>) -> Reducer<App, AppAction> {
  pullback(
    screenReducer(clock: clock, lifting: .effectMap), value: \.screen,
    action: CasePath(AppAction.screen) { action in
      guard case .screen(let screenAction) = action else { return nil }
      return screenAction
    })
}

@MainActor
@Suite("forEach and ifLet lifted by hand with map")
struct HandLiftedScopeTests {
  @Test("A removed row's timer stops", arguments: HandLifting.allCases)
  func removedRow(lifting: HandLifting) async {
    let clock = TestClock()
    let store = TestStore(initialValue: Screen(), reducer: screenReducer(clock: clock, lifting: lifting))
    store.send(.list(.row(1, .toggleTimerButtonTapped))) { $0.list.rows[id: 1]?.isTimerRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.list(.row(1, .timerTick))) { $0.list.rows[id: 1]?.count = 1 }
    store.send(.list(.removeRow(1))) { $0.list.rows.remove(id: 1) }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test("A closed detail's timer stops", arguments: HandLifting.allCases)
  func closedDetail(lifting: HandLifting) async {
    let clock = TestClock()
    let store = TestStore(initialValue: Screen(), reducer: screenReducer(clock: clock, lifting: lifting))
    store.send(.list(.openDetail(2))) { $0.list.detail = RowState(id: 2) }
    store.send(.list(.detail(.toggleTimerButtonTapped))) { $0.list.detail?.isTimerRunning = true }
    store.send(.list(.closeDetail)) { $0.list.detail = nil }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test("Pulled back above the hand-written level, a removed row's timer stops")
  func underPullback() async {
    let clock = TestClock()
    let store = TestStore(initialValue: App(), reducer: appReducer(clock: clock))
    store.send(.screen(.list(.row(2, .toggleTimerButtonTapped)))) {
      $0.screen.list.rows[id: 2]?.isTimerRunning = true
    }
    store.send(.screen(.list(.removeRow(2)))) { $0.screen.list.rows.remove(id: 2) }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test("In an app store, a removed row's timer stops, so a row added again under its id sees no tick")
  func appStore() async {
    let clock = TestClock()
    let store = Store(initialValue: Screen(), reducer: screenReducer(clock: clock, lifting: .effectMap))
    store.send(.list(.row(1, .toggleTimerButtonTapped)))
    store.send(.list(.row(2, .toggleTimerButtonTapped)))
    await clock.advance(by: .seconds(2))
    #expect(store.value.list.rows.map(\.count) == [2, 2])
    store.send(.list(.removeRow(1)))
    store.send(.list(.addRow(1)))
    await clock.advance(by: .seconds(2))
    #expect(store.value.list.rows.map(\.count) == [4, 0])
    store.send(.list(.row(2, .toggleTimerButtonTapped)))
  }
}
