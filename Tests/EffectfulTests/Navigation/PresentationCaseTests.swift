import Effectful
import EffectfulTesting
import Testing

/// A root whose enum destination's cases each have an action case of their own, presented with
/// `ifLet(_:cases:)`: two cases of one feature (so that cases, not payload types, tell them apart)
/// and an alert.
struct CaseRoot: ReducerProtocol {
  struct State: Equatable, Sendable {
    @PresentationState var destination: Destination?
    var confirmations = 0
    /// The timer's count as the root read it on `.timer(.dismiss)`, before the timer was cleared.
    var countAtDismissal: Int?
  }

  enum Destination: Equatable, Sendable {
    case alert(AlertState<Action.Alert>)
    case timer(TimerScreen.State), other(TimerScreen.State)
  }

  enum Action: Equatable, Sendable {
    case alert(PresentationAction<Alert>)
    case timer(PresentationAction<TimerScreen.Action>)
    case other(PresentationAction<TimerScreen.Action>)
    case presentTimer(id: Int)
    case presentOther(id: Int)
    case showAlert

    enum Alert: Equatable, Sendable { case confirm }
  }

  static let sureAlert = AlertState<Action.Alert> {
    TextState("Sure?")
  } actions: {
    ButtonState(action: .confirm) { TextState("Yes") }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .presentTimer(let id):
        state.destination = .timer(TimerScreen.State(id: id))
        return .none
      case .presentOther(let id):
        state.destination = .other(TimerScreen.State(id: id))
        return .none
      case .showAlert:
        state.destination = .alert(Self.sureAlert)
        return .none
      case .alert(.presented(.confirm)):
        state.confirmations += 1
        return .none
      case .timer(.dismiss):
        if case .timer(let timer) = state.destination { state.countAtDismissal = timer.count }
        return .none
      case .alert, .timer, .other:
        return .none
      }
    }
    .ifLet(\.$destination) {
      Case(Destination.alert, action: Action.alert)
      Case(Destination.timer, action: Action.timer) { TimerScreen() }
      Case(Destination.other, action: Action.other) { TimerScreen() }
    }
  }
}

/// `ifLet(_:cases:)` (issue 34, items 4 and 9): each case of an enum destination presented with
/// an action case of its own.
@MainActor
@Suite("Navigation: presentation cases")
struct PresentationCaseTests {
  let clock = TestClock()

  func makeStore() -> TestStore<CaseRoot.State, CaseRoot.Action> {
    TestStore(initialState: CaseRoot.State(), reducer: { CaseRoot() }) { [clock] in
      $0.continuousClock = clock
    }
  }

  @Test("A case's actions reach its feature; its .dismiss runs the parent first, then stops it")
  func caseActionsAndDismissal() async {
    let store = makeStore()
    store.send(.presentTimer(id: 1)) { $0.destination = .timer(TimerScreen.State(id: 1)) }
    store.send(.timer(.presented(.startTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.timer(.presented(.tick))) {
      $0.destination = .timer(TimerScreen.State(id: 1, count: 1))
    }
    store.send(.timer(.dismiss)) {
      $0.countAtDismissal = 1
      $0.destination = nil
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("await dismiss() in a case's feature sends that case's .dismiss")
  func childDismisses() async {
    let store = makeStore()
    store.send(.presentTimer(id: 1)) { $0.destination = .timer(TimerScreen.State(id: 1)) }
    store.send(.timer(.presented(.startTapped)))
    store.send(.timer(.presented(.closeThenTickTapped)))
    await store.receive(.timer(.dismiss)) {
      $0.countAtDismissal = 0
      $0.destination = nil
    }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test("Another case taking the place of a case cancels the first case's effects")
  func caseChangeCancels() async {
    let store = makeStore()
    store.send(.presentTimer(id: 1)) { $0.destination = .timer(TimerScreen.State(id: 1)) }
    store.send(.timer(.presented(.startTapped)))
    // The same payload type, the same id: only the case differs.
    store.send(.presentOther(id: 1)) { $0.destination = .other(TimerScreen.State(id: 1)) }
    await clock.advance(by: .seconds(3))
    store.send(.other(.presented(.startTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.other(.presented(.tick))) {
      $0.destination = .other(TimerScreen.State(id: 1, count: 1))
    }
    store.send(.other(.dismiss)) { $0.destination = nil }
    await store.finish()
  }

  @Test("Another child of the same case cancels the first one's effects")
  func sameCaseAnotherID() async {
    let store = makeStore()
    store.send(.presentTimer(id: 1)) { $0.destination = .timer(TimerScreen.State(id: 1)) }
    store.send(.timer(.presented(.startTapped)))
    store.send(.presentTimer(id: 2)) { $0.destination = .timer(TimerScreen.State(id: 2)) }
    await clock.advance(by: .seconds(3))
    store.send(.timer(.dismiss)) {
      $0.countAtDismissal = 0
      $0.destination = nil
    }
    await store.finish()
  }

  @Test("A .presented action for a case not shown changes nothing and fails at its send")
  func presentedToAnotherCase() async {
    let messages = Messages()
    let store = TestStore(
      initialValue: CaseRoot.State(destination: .timer(TimerScreen.State(id: 1))),
      reducer: CaseRoot().reducer,
      failureReporter: { message, _, _ in messages.append(message) })
    store.send(.other(.presented(.tick)))
    store.send(.alert(.presented(.confirm)))
    #expect(messages.all.count == 2)
    #expect(messages.all.allSatisfy { $0.contains("ifLet") && $0.contains("timer(") })
    let nothing = TestStore(
      initialValue: CaseRoot.State(), reducer: CaseRoot().reducer,
      failureReporter: { message, _, _ in messages.append(message) })
    nothing.send(.timer(.presented(.tick)))
    #expect(messages.all.count == 3)
    #expect(messages.all.last?.contains("is nil") == true)
  }

  @Test("A case's .dismiss while another case is shown runs the parent and dismisses nothing")
  func dismissOfAnotherCase() async {
    let store = makeStore()
    store.send(.presentOther(id: 1)) { $0.destination = .other(TimerScreen.State(id: 1)) }
    store.send(.other(.presented(.startTapped)))
    // A stale sheet's dismissal, after another destination took its place.
    store.send(.timer(.dismiss))
    await clock.advance(by: .seconds(1))
    await store.receive(.other(.presented(.tick))) {
      $0.destination = .other(TimerScreen.State(id: 1, count: 1))
    }
    store.send(.other(.dismiss)) { $0.destination = nil }
    await store.finish()
  }

  @Test("An alert case is cleared after its button, whose action the parent sees")
  func alertCaseClears() {
    let store = makeStore()
    store.send(.showAlert) { $0.destination = .alert(CaseRoot.sureAlert) }
    store.send(.alert(.presented(.confirm))) {
      $0.confirmations = 1
      $0.destination = nil
    }
  }

  @Test("The function form, with hand-written case paths, presents the same way")
  func functionForm() async {
    let timerCase = CasePath(CaseRoot.Destination.timer) {
      guard case .timer(let timer) = $0 else { return nil }
      return timer
    }
    let own: Reducer<CaseRoot.State, CaseRoot.Action> = { state, action in
      if case .presentTimer(let id) = action { state.destination = .timer(TimerScreen.State(id: id)) }
      return []
    }
    let reducer = ifLet(own, value: \.$destination) {
      PresentationCase(timerCase, action: CasePath(CaseRoot.Action.timer)) { TimerScreen() }
    }
    let store = TestStore(initialValue: CaseRoot.State(), reducer: reducer) { [clock] in
      $0.continuousClock = clock
    }
    store.send(.presentTimer(id: 1)) { $0.destination = .timer(TimerScreen.State(id: 1)) }
    store.send(.timer(.presented(.startTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.timer(.presented(.tick))) {
      $0.destination = .timer(TimerScreen.State(id: 1, count: 1))
    }
    store.send(.timer(.dismiss)) { $0.destination = nil }
    await store.finish()
  }

  @Test("A view's store for one case: kept while shown, nil for another case, sends .presented")
  func caseStore() {
    let store = Store(initialState: CaseRoot.State()) { CaseRoot() }
    let timer = {
      store.scope(state: \.$destination, case: CaseRoot.Destination.timer, action: CaseRoot.Action.timer)
    }
    let other = {
      store.scope(state: \.$destination, case: CaseRoot.Destination.other, action: CaseRoot.Action.other)
    }
    #expect(timer() == nil)
    store.send(.presentTimer(id: 1))
    let first = timer()
    #expect(first != nil)
    #expect(other() == nil)
    #expect(timer() === first)
    first?.send(.tick)
    #expect(store.value.destination == .timer(TimerScreen.State(id: 1, count: 1)))
    #expect(first?.value.count == 1)
    store.send(.presentOther(id: 1))
    #expect(timer() == nil)
    #expect(other() != nil)
  }
}
