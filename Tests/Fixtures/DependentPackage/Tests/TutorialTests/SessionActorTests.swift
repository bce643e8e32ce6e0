import Dispatch
import Effectful
import EffectfulTesting
import Foundation
import Testing

/// A client's check of stores on any actor: an actor that owns a store, sends from inside it, a
/// `.run`, a callback effect and a timer that deliver on that actor (never on the main queue),
/// cancellation by id, a delay on a clock and a timer on the main queue that deliver on that actor
/// while the main actor is blocked, and the same feature under a test store on a `TestClock`.
enum Relay {
  struct State: Equatable {
    var echoes: [Int] = []
    var answers: [String] = []
    var ticks = 0
    var waited = 0
  }

  enum Action: Equatable, Sendable {
    case message(Int), echoed(Int), ask, answered(String), startTimer, tick, wait, waited
  }

  enum TimerID: Hashable, Sendable { case timer }

  /// `check` runs at every action: the owner asserts its isolation there.
  static func reducer(
    timerQueue: any Scheduler = DispatchQueue.global(), clock: any Clock<Duration> = ContinuousClock(),
    check: @escaping @Sendable () -> Void = {}
  ) -> Reducer<State, Action> {
    { state, action in
      check()
      switch action {
      case .message(let number):
        return [.run { send in await send(.echoed(number)) }]
      case .echoed(let number):
        state.echoes.append(number)
        return []
      case .ask:
        return [Effect { callback in DispatchQueue.global().async { callback(.answered("yes")) } }]
      case .answered(let answer):
        state.answers.append(answer)
        return []
      case .startTimer:
        return [Effect.timer(id: TimerID.timer, every: .milliseconds(1), on: timerQueue).map { _ in .tick }]
      case .tick:
        state.ticks += 1
        return state.ticks == 3 ? [.cancel(id: TimerID.timer)] : []
      case .wait:
        return [.send(.waited).delay(for: .milliseconds(1), clock: clock)]
      case .waited:
        state.waited += 1
        return []
      }
    }
  }
}

/// Counts the actions the owner's checks saw.
final class Checks: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func add() { lock.withLock { count += 1 } }
  var total: Int { lock.withLock { count } }
}

actor RelaySession {
  let checks: Checks
  let store: Store<Relay.State, Relay.Action>

  init(timerQueue: any Scheduler = DispatchQueue.global()) {
    let checks = Checks()
    self.checks = checks
    let owner = Owner()
    store = Store(initialValue: Relay.State(), reducer: Relay.reducer(timerQueue: timerQueue) {
      owner.actor?.assertIsolated("reduced off the session's actor")
      dispatchPrecondition(condition: .notOnQueue(.main))
      checks.add()
    })
    owner.actor = self
  }

  func message(_ number: Int) async { await store.send(.message(number)).finish() }
  func ask() -> StoreTask { store.send(.ask) }
  func startTimer() -> StoreTask { store.send(.startTimer) }
  func wait() -> StoreTask { store.send(.wait) }
  var state: Relay.State { store.value }
}

/// The session, for its reducer's check; weak, since the session owns the reducer.
final class Owner: @unchecked Sendable {
  weak var actor: RelaySession?
}

@Suite struct SessionActorTests {
  @Test func effectsDeliverOnTheOwningActor() async throws {
    let session = RelaySession()
    for number in 1...5 { await session.message(number) }
    #expect(await session.state.echoes == [1, 2, 3, 4, 5])
    _ = await session.ask()
    let deadline = ContinuousClock.now.advanced(by: .seconds(60))
    while await session.state.answers.isEmpty, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(await session.state.answers == ["yes"])
    // The third tick cancels the timer by id, within the task of the send that started it.
    await session.startTimer().finish()
    #expect(await session.state.ticks == 3)
    #expect(session.checks.total == 10 + 2 + 4)
  }

  @Test func timeOnAClockAndTheMainQueueNeedsNoMainActor() async {
    let session = RelaySession(timerQueue: DispatchQueue.main)
    let done = DispatchSemaphore(value: 0)
    // The main actor stays blocked throughout: work that waited for it would time out.
    let outcome = await MainActor.run { () -> DispatchTimeoutResult in
      Task.detached {
        await session.wait().finish()
        await session.startTimer().finish()
        done.signal()
      }
      return done.wait(timeout: .now() + 30)
    }
    #expect(outcome == .success)
    #expect(await session.state.waited == 1)
    #expect(await session.state.ticks == 3)
    #expect(session.checks.total == 2 + 4)
  }

  @MainActor
  @Test func theSameFeatureUnderATestStore() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: Relay.State(), reducer: Relay.reducer(timerQueue: clock, clock: clock))
    store.send(.wait)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.waited) { $0.waited = 1 }
    store.send(.message(1))
    await store.receive(.echoed(1)) { $0.echoes = [1] }
    store.send(.startTimer)
    await clock.advance(by: .milliseconds(3))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.tick) { $0.ticks = 3 }
    await store.finish()
  }
}
