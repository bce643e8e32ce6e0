import Effectful
@testable import EffectfulTesting
import Foundation
import Testing

/// A small feature with the effects the one-store rules are about: a load that answers at once, a
/// timer its answer starts, an effect that ends as soon as it runs, a debounced query, and two that
/// never let virtual time settle.
private enum Screen {
  struct State: Equatable {
    var ticks = 0
    var isLoaded = false
    var response: String?
  }

  enum Action: Equatable, Sendable {
    case onTask, loaded, tick
    case track
    case query(String), response(String)
    case spin, spinOnImmediateClock
  }

  enum TimerID: Hashable, Sendable { case timer }
  enum SearchID: Hashable, Sendable { case search }

  static func reducer(clock: TestClock, scheduler: TestScheduler) -> Reducer<State, Action> {
    { state, action in
      switch action {
      case .onTask:
        return .run { send in await send(.loaded) }
      case .loaded:
        state.isLoaded = true
        // Started by an action an effect sent: still part of the `.onTask` send's task.
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
        .cancellable(id: TimerID.timer)
      case .tick:
        state.ticks += 1
        return .none
      case .track:
        return .run { _ in }
      case .query(let text):
        return [.run { send in await send(.response(text)) }]
          .debounce(id: SearchID.search, for: .milliseconds(300), scheduler: scheduler)
      case .response(let text):
        state.response = text
        return .none
      case .spin:
        return .run { send in
          while !Task.isCancelled { await send(.tick) }
        }
      case .spinOnImmediateClock:
        return .run { send in
          for await _ in ImmediateClock().timer(interval: .seconds(1)) { await send(.tick) }
        }
      }
    }
  }
}

@MainActor
@Suite("One store under test: the app's Store, virtual time decided from its state")
struct OneStoreUnderTestTests {
  let log = FailureLog()
  let clock = TestClock()
  let scheduler = TestScheduler()

  fileprivate func makeStore() -> TestStore<Screen.State, Screen.Action> {
    TestStore(
      initialValue: Screen.State(), reducer: Screen.reducer(clock: clock, scheduler: scheduler),
      failureReporter: log.reporter)
  }

  @Test("Cancelling a send's task stops a timer that an action its effect sent started")
  func cancellingTheTaskStopsWhatItsEffectsStarted() async {
    do {
      let store = makeStore()
      let task = store.send(.onTask)
      await store.receive(.loaded) { $0.isLoaded = true }
      await clock.advance(by: .seconds(1))
      await store.receive(.tick) { $0.ticks = 1 }
      await task.cancel()
      await clock.advance(by: .seconds(5))
      #expect(store.value.ticks == 1)
    }
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test("A story that ends on an effect ending as it runs is not told it is still running")
  func theEndOfTheTestSettlesFirst() {
    do {
      let store = makeStore()
      store.send(.track)
    }
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test("skipReceivedActions, awaited, skips what an effect answering at once sent")
  func skippingSettlesFirst() async {
    do {
      let store = makeStore()
      store.send(.onTask)
      await store.skipReceivedActions()
      await store.skipInFlightEffects()
      #expect(store.value.isLoaded)
    }
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test("A .run debounced on a TestScheduler is received after advance")
  func debouncedRunOnATestScheduler() async {
    do {
      let store = makeStore()
      store.send(.query("e"))
      store.send(.query("ef"))
      scheduler.advance(by: .milliseconds(300))
      await store.receive(.response("ef")) { $0.response = "ef" }
    }
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test("An effect that never waits is reported at the test's line, in bounded work")
  func neverSettlingIsReportedAtTheTestsLine() async {
    for action in [Screen.Action.spin, .spinOnImmediateClock] {
      let store = makeStore()
      store.exhaustivity = .off
      store.send(action)
      let line: UInt = #line + 1
      await store.skipReceivedActions(strict: false)
      let failures = log.failures
      #expect(failures.count == 1, "\(failures)")
      #expect(failures.first?.line == line)
      #expect(failures.first?.message.contains("never stopped running") == true)
      log.removeAll()
    }
  }

  @Test("A busy effect of a store in another task never enters this test's advance")
  func anotherWorldsBusyEffectStaysOut() async {
    // Another test, in effect: a store made in a task of its own, whose effect never waits.
    let other = Task { await Self.keepABusyStoreUntilCancelled() }
    do {
      let store = makeStore()
      store.send(.loaded) { $0.isLoaded = true }
      await clock.advance(by: .seconds(1))
      await store.receive(.tick) { $0.ticks = 1 }
      await store.send(.onTask).cancel()
      await store.skipReceivedActions(strict: false)
      store.exhaustivity = .off
    }
    other.cancel()
    await other.value
    #expect(log.isEmpty, "\(log.failures)")
  }

  private static func keepABusyStoreUntilCancelled() async {
    let store = Store<Int, Int>(initialValue: 0) { count, action in
      count += 1
      return action == 0 ? [.run { send in while !Task.isCancelled { await send(1) } }] : []
    }
    store.send(0)
    while !Task.isCancelled { await Task.yield() }
  }

  @Test("A plain store's finish() on a clock only the test advances fails with the advance to write")
  func plainStoreFinishDoesNotHang() async {
    let clock = TestClock()
    let store = Store<Int, Int>(initialValue: 0) { count, action in
      count += action
      return action == 0 ? [.run { send in try await clock.sleep(for: .seconds(2)); await send(1) }] : []
    }
    let failures = await collectingFailures { await store.send(0).finish() }
    #expect(failures.count == 1)
    let message = failures.first?.message ?? ""
    #expect(message.contains("clock.advance(by: .seconds(2))"), "\(message)")
    // One sentence after another, as written: the message once carried its source's indentation.
    #expect(message.contains("the test that would move it is the one waiting."), "\(message)")
    #expect(!message.contains("  "), "\(message)")
    // Finished in a task of its own, the same wait ends once the test advances the clock.
    let view = Task { await store.send(0).finish() }
    await clock.advance(by: .seconds(2))
    await view.value
    #expect(store.value == 2)
  }
}
