import Effectful
import EffectfulTesting
import Testing

/// A test store lives the app's timeline: an action an effect sends is reduced when it arrives, as a
/// `Store` reduces it, and `receive` checks what happened then. (Issue 10, item 3.)
@MainActor
@Suite struct TestStoreTimelineTests {
  let log = FailureLog()
  let scheduler = TestScheduler()

  func makeStore() -> TestStore<Timeline.State, Timeline.Action> {
    TestStore(
      initialValue: Timeline.State(), reducer: Timeline.reducer(scheduler: scheduler),
      failureReporter: log.reporter)
  }

  /// A timer that a response stops: in the app the response at 2.5 s cancels the timer, so the tick
  /// due at 3 s never comes. A test store that held the response back until `receive` let it through.
  @Test func aResponseThatCancelsATimerStopsItWhenItArrives() {
    do {
      let store = makeStore()
      store.send(.startTimerAndRequest) { $0.log = ["startTimerAndRequest at 0.0 seconds"] }
      scheduler.advance(by: .seconds(5))
      store.receive(.tick) { $0.log.append("tick at 1.0 seconds") }
      store.receive(.tick) { $0.log.append("tick at 2.0 seconds") }
      store.receive(.response) { $0.log.append("response at 2.5 seconds") }
      store.finish()
    }
    #expect(log.isEmpty, "\(log.failures)")
    #expect(scheduler.scheduledCount == 0)
  }

  /// `.start → (1 s) .a → (1 s) .b`: in the app `.a` arrives at 1 s and starts the wait for `.b`,
  /// which arrives at 2 s, all within one `advance(by: 5 s)`.
  @Test func aChainOfDelayedActionsRunsOnTheAppsClock() {
    do {
      let store = makeStore()
      store.send(.startChain) { $0.log = ["startChain at 0.0 seconds"] }
      scheduler.advance(by: .seconds(5))
      // Both are in the state already, received or not, as they are in the app.
      #expect(store.value.log.count == 3)
      store.receive(.a) { $0.log.append("a at 1.0 seconds") }
      store.receive(.b) { $0.log.append("b at 2.0 seconds") }
    }
    #expect(log.isEmpty, "\(log.failures)")
  }

  /// `receive` checks the recorded transition: its expected change applies to the state before that
  /// action, not to the state after everything that arrived since.
  @Test func receiveChecksTheRecordedTransitionOnly() {
    do {
      let store = makeStore()
      store.send(.startChain) { $0.log = ["startChain at 0.0 seconds"] }
      scheduler.advance(by: .seconds(2))
      let line: UInt = #line + 1
      store.receive(.a) { $0.log.append("b at 2.0 seconds") }
      store.receive(.b) { $0.log.append("b at 2.0 seconds") }
      #expect(log.failures.map(\.line) == [line], "\(log.failures)")
      #expect(log.failures.first?.message.contains("The state after receive(.a)") == true)
    }
  }
}

/// A feature whose reducer writes down, in its state, each action and the virtual time it was
/// reduced at, so a test can see when things happened.
enum Timeline {
  struct State: Equatable {
    var log: [String] = []
  }

  enum Action: Equatable {
    case startTimerAndRequest, tick, response
    case startChain, a, b
  }

  enum TimerID: Hashable, Sendable { case timer }

  static func reducer(scheduler: TestScheduler) -> Reducer<State, Action> {
    { state, action in
      state.log.append("\(action) at \(scheduler.now)")
      switch action {
      case .startTimerAndRequest:
        return [
          Effect.timer(id: TimerID.timer, every: .seconds(1), on: scheduler).map { _ in .tick },
          Effect.send(.response).delay(for: .milliseconds(2500), scheduler: scheduler),
        ]
      case .response:
        return [.cancel(id: TimerID.timer)]
      case .startChain:
        return [Effect.send(.a).delay(for: .seconds(1), scheduler: scheduler)]
      case .a:
        return [Effect.send(.b).delay(for: .seconds(1), scheduler: scheduler)]
      case .tick, .b:
        return []
      }
    }
  }
}
