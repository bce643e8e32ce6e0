import Effectful
import EffectfulTesting
import Testing

/// Tree navigation (issue 34, items 1, 3, 4, 5 and 6): a presented child, its effects and its
/// dismissal, told by a test store.
@MainActor
@Suite("Navigation: presentation")
struct PresentationTests {
  let clock = TestClock()

  func makeStore() -> TestStore<NavRoot.State, NavRoot.Action> {
    TestStore(initialState: NavRoot.State(), reducer: { NavRoot() }) { [clock] in
      $0.continuousClock = clock
    }
  }

  @Test("The child's timer ticks while presented; the parent's .dismiss clears it and stops it")
  func parentDismisses() async {
    let store = makeStore()
    store.send(.presentTimer(id: 1)) { $0.destination = .timer(TimerScreen.State(id: 1)) }
    store.send(.destination(.presented(.timer(.startTapped))))
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.timer(.tick)))) {
      $0.destination = .timer(TimerScreen.State(id: 1, count: 1))
    }
    store.send(.destination(.dismiss)) { $0.destination = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("await dismiss() in the child sends the parent .dismiss, which clears it")
  func childDismisses() async {
    let store = makeStore()
    store.send(.presentTimer(id: 1)) { $0.destination = .timer(TimerScreen.State(id: 1)) }
    store.send(.destination(.presented(.timer(.startTapped))))
    store.send(.destination(.presented(.timer(.closeTapped))))
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test("await dismiss() in a later step of a .concatenate still finds its child")
  func dismissInLaterConcatenationStep() async {
    let store = makeStore()
    store.send(.presentTimer(id: 1)) { $0.destination = .timer(TimerScreen.State(id: 1)) }
    store.send(.destination(.presented(.timer(.closeLaterTapped))))
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
    await store.finish()
  }

  @Test("Nothing the child sends after await dismiss() arrives")
  func nothingAfterDismiss() async {
    let store = makeStore()
    store.send(.presentTimer(id: 1)) { $0.destination = .timer(TimerScreen.State(id: 1)) }
    store.send(.destination(.presented(.timer(.closeThenTickTapped))))
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
    await store.finish()
  }

  @Test("An effect the child started just before it was cleared, by any reducer, never delivers")
  func effectStartedJustBeforeDismissal() async {
    let store = makeStore()
    store.send(.presentTimer(id: 1)) { $0.destination = .timer(TimerScreen.State(id: 1)) }
    store.send(.destination(.presented(.timer(.delayedTickTapped))))
    // Cleared by the root's own action, which never passes through the destination's child.
    store.send(.closeEverything) { $0.destination = nil }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test("Presenting another child of the same case cancels the first one's effects")
  func anotherChildOfTheSameCase() async {
    let store = makeStore()
    store.send(.presentTimer(id: 1)) { $0.destination = .timer(TimerScreen.State(id: 1)) }
    store.send(.destination(.presented(.timer(.startTapped))))
    store.send(.presentTimer(id: 2)) { $0.destination = .timer(TimerScreen.State(id: 2)) }
    await clock.advance(by: .seconds(3))
    store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.finish()
  }

  @Test("An alert is cleared after its button's action, which the parent sees")
  func alertButtonClears() {
    let store = makeStore()
    store.send(.showAlert) {
      $0.alert = AlertState {
        TextState("Reset?")
      } actions: {
        ButtonState(role: .destructive, action: .confirm) { TextState("Reset") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    }
    store.send(.alert(.presented(.confirm))) {
      $0.confirmations = 1
      $0.alert = nil
    }
  }

  @Test("An alert case of an enum destination is cleared after its button too")
  func destinationAlertClears() {
    let store = makeStore()
    store.send(.showDestinationAlert) { $0.destination = .alert(NavRoot.sureAlert) }
    store.send(.destination(.presented(.alert(.confirm)))) {
      $0.confirmations = 1
      $0.destination = nil
    }
  }

  @Test("A .presented action while nothing is presented changes nothing and fails at its send")
  func presentedToNoChild() {
    let messages = Messages()
    let store = TestStore(
      initialValue: NavRoot.State(), reducer: NavRoot().reducer,
      failureReporter: { message, _, _ in messages.append(message) })
    store.send(.destination(.presented(.timer(.tick))))
    #expect(messages.all.count == 1)
    #expect(messages.all.first?.contains("ifLet") == true)
  }

  @Test("Receive by case through .destination(.presented(…))")
  func receiveByCase() async {
    let store = makeStore()
    store.send(.presentTimer(id: 1)) { $0.destination = .timer(TimerScreen.State(id: 1)) }
    store.send(.destination(.presented(.timer(.startTapped))))
    await clock.advance(by: .seconds(1))
    await store.receive({ NavRoot.Action.destination(.presented(.timer($0))) }) {
      $0.destination = .timer(TimerScreen.State(id: 1, count: 1))
    }
    store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test("Non-exhaustive: a story that asserts only the dismissal")
  func nonExhaustive() async {
    let store = makeStore()
    store.exhaustivity = .off
    store.send(.presentTimer(id: 1))
    store.send(.destination(.presented(.timer(.startTapped))))
    await clock.advance(by: .seconds(2))
    store.send(.destination(.presented(.timer(.closeTapped))))
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test("A child tested alone fails the test when it dismisses, unless the test sets dismiss")
  func childAlone() async {
    let messages = Messages()
    let alone = TestStore(
      initialValue: TimerScreen.State(), reducer: TimerScreen().reducer,
      failureReporter: { message, _, _ in messages.append(message) })
    await alone.send(.closeTapped).finish()
    #expect(messages.all.count == 1)
    #expect(messages.all.first?.contains("dismiss") == true)

    let dismissed = Messages()
    let withDismiss = TestStore(initialState: TimerScreen.State(), reducer: { TimerScreen() }) {
      $0.dismiss = DismissEffect { dismissed.append("dismissed") }
    }
    await withDismiss.send(.closeTapped).finish()
    #expect(dismissed.all == ["dismissed"])
  }

  @Test("isPresented is true in a presented child's reducer, false in a child tested alone")
  func isPresented() {
    let store = makeStore()
    store.send(.presentTimer(id: 1)) { $0.destination = .timer(TimerScreen.State(id: 1)) }
    store.send(.destination(.presented(.timer(.checkPresented)))) {
      $0.destination = .timer(TimerScreen.State(id: 1, sawPresented: true))
    }
    let alone = TestStore(initialState: TimerScreen.State(), reducer: { TimerScreen() })
    alone.send(.checkPresented)
  }
}
