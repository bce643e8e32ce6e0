import Effectful
import EffectfulTesting
import Testing

/// Stack navigation (issue 34, items 2, 3 and 6): pushed screens, their effects, their pops.
@MainActor
@Suite("Navigation: stack")
struct StackTests {
  let clock = TestClock()

  func makeStore() -> TestStore<NavRoot.State, NavRoot.Action> {
    TestStore(initialState: NavRoot.State(), reducer: { NavRoot() }) { [clock] in
      $0.continuousClock = clock
    }
  }

  /// Pushes timer screens with these ids and starts each one's timer; their stack ids count from
  /// `first`.
  func pushRunningTimers(
    _ ids: [Int], from first: Int = 0, on store: TestStore<NavRoot.State, NavRoot.Action>
  ) {
    for (index, id) in ids.enumerated() {
      let offset = first + index
      store.send(.pushTimer(id: id)) {
        $0.path[id: StackElementID(generation: offset)] = .timer(TimerScreen.State(id: id))
      }
      store.send(.path(.element(id: StackElementID(generation: offset), action: .timer(.startTapped))))
    }
  }

  @Test("A test store's first push is id 0; an element's tick changes it in place, by its case")
  func elementActionInPlace() async {
    let store = makeStore()
    pushRunningTimers([7], on: store)
    #expect(store.value.path.ids == [0])
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .timer(.tick)))) {
      $0.path[id: 0, case: NavPath.State.timer]?.count = 1
    }
    store.send(.path(.popFrom(id: 0))) { $0.path.pop(from: 0) }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test("Receive by case through .path(.element(id:action:))")
  func receiveByCase() async {
    let store = makeStore()
    pushRunningTimers([7], on: store)
    await clock.advance(by: .seconds(1))
    await store.receive({ NavRoot.Action.path(.element(id: 0, action: .timer($0))) }) {
      $0.path[id: 0, case: NavPath.State.timer]?.count = 1
    }
    store.send(.popToRoot) { $0.path.removeAll() }
  }

  @Test("A dismiss inside one element pops it and cancels its effects only")
  func dismissOneElement() async {
    let store = makeStore()
    pushRunningTimers([7, 8], on: store)
    store.send(.path(.element(id: 1, action: .timer(.closeTapped))))
    await store.receive(.path(.popFrom(id: 1))) { $0.path.pop(from: 1) }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .timer(.tick)))) {
      $0.path[id: 0, case: NavPath.State.timer]?.count = 1
    }
    store.send(.popToRoot) { $0.path.removeAll() }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test("await dismiss() in a later step of an element's .concatenate pops that element")
  func dismissInLaterConcatenationStep() async {
    let store = makeStore()
    store.send(.pushTimer(id: 7)) { $0.path[id: 0] = .timer(TimerScreen.State(id: 7)) }
    store.send(.pushTimer(id: 8)) { $0.path[id: 1] = .timer(TimerScreen.State(id: 8)) }
    store.send(.path(.element(id: 1, action: .timer(.closeLaterTapped))))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.popFrom(id: 1))) { $0.path.pop(from: 1) }
    #expect(store.value.path.ids == [0])
    await store.finish()
  }

  @Test("Popping several elements at once cancels all of their effects, however they left")
  func popSeveral() async {
    let store = makeStore()
    pushRunningTimers([1, 2, 3], on: store)
    store.send(.popToRoot) { $0.path.removeAll() }
    await clock.advance(by: .seconds(3))
    pushRunningTimers([4, 5], from: 3, on: store)
    // Assigned a new stack by a reducer that never routes through the stack's forEach.
    store.send(.closeEverything) { $0.path = StackState() }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test("pop(to:) keeps the element and cancels the ones above it")
  func popTo() async {
    let store = makeStore()
    pushRunningTimers([1, 2, 3], on: store)
    store.send(.path(.popFrom(id: 1))) { $0.path.pop(to: 0) }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .timer(.tick)))) {
      $0.path[id: 0, case: NavPath.State.timer]?.count = 1
    }
    store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    await store.finish()
  }

  @Test("Ids are never reused: after pops, the next push takes a new id")
  func idsNeverReused() {
    let store = makeStore()
    store.send(.pushTimer(id: 1)) { $0.path[id: 0] = .timer(TimerScreen.State(id: 1)) }
    store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    store.send(.path(.push(id: 1, state: .timer(TimerScreen.State(id: 2))))) {
      $0.path[id: 1] = .timer(TimerScreen.State(id: 2))
    }
    #expect(store.value.path.ids == [1])
  }

  @Test("A push whose id is out of order changes nothing and fails at its send")
  func outOfOrderPush() {
    let messages = Messages()
    let store = TestStore(
      initialValue: NavRoot.State(), reducer: NavRoot().reducer,
      failureReporter: { message, _, _ in messages.append(message) })
    store.send(.path(.push(id: 5, state: .timer(TimerScreen.State()))))
    #expect(messages.all.count == 1)
    #expect(messages.all.first?.contains("next id is #0") == true)
  }

  @Test("An action for an element not on the stack changes nothing and fails at its send")
  func missingElement() {
    let messages = Messages()
    let store = TestStore(
      initialValue: NavRoot.State(), reducer: NavRoot().reducer,
      failureReporter: { message, _, _ in messages.append(message) })
    store.send(.path(.element(id: 3, action: .timer(.tick))))
    #expect(messages.all.count == 1)
    #expect(messages.all.first?.contains("#3") == true)
  }

  @Test("Non-exhaustive: a stack story that asserts only the pop")
  func nonExhaustive() async {
    let store = makeStore()
    store.exhaustivity = .off
    store.send(.pushTimer(id: 1))
    store.send(.path(.element(id: 0, action: .timer(.startTapped))))
    await clock.advance(by: .seconds(2))
    store.send(.path(.element(id: 0, action: .timer(.closeTapped))))
    await store.receive(.path(.popFrom(id: 0))) { $0.path = StackState() }
  }
}
