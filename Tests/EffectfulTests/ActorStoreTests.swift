import Dispatch
@testable import Effectful
import EffectfulTesting
import Testing

/// A session's feature: messages echoed by a `.run`, a callback effect answering from a global
/// queue, a timer ticking on a global queue and cancelled by id. Every step reports where it ran.
enum SessionAction: Equatable, Sendable {
  case message(Int)
  case echoed(Int)
  case askCallback
  case answered(String)
  case startTimer
  case tick
  case stopTimer
}

struct SessionState: Equatable {
  var received = 0
  var echoes: [Int] = []
  var answers: [String] = []
  var ticks = 0
}

private enum SessionTimerID: Hashable, Sendable { case timer }

/// How often the session's timer ticks. Not 1 ms: on a real queue the timer ticks until the store's
/// actor reduces its third tick, and in the full suite that actor's turn comes only after the work of
/// every test started with it (1.4 to 26 seconds, measured). At 1 ms the two timer tests fired 8,000
/// to 17,000 times each meanwhile; at 50 ms, 20 times a second at most.
let sessionTimerInterval = Duration.milliseconds(50)

/// Where the reducer ran: checked on every action, counted, and told to whoever waits.
final class IsolationProbe: Sendable {
  /// Weak: the owner holds this probe.
  private let owner = LockedValue(WeakOwner())
  private let record = LockedValue<(checks: Int, onMainActor: Int)>((0, 0))
  let actions: AsyncStream<SessionAction>
  private let continuation: AsyncStream<SessionAction>.Continuation

  init() {
    (actions, continuation) = AsyncStream.makeStream()
  }

  struct WeakOwner { weak var actor: (any Actor)? }

  func own(by actor: any Actor) { owner.withValue { $0.actor = actor } }

  /// Called by the reducer: stops the test unless it runs on its owner, and never on the main actor.
  func check(_ action: SessionAction) {
    if let owner = owner.withValue({ $0.actor }) {
      owner.preconditionIsolated("reduced off the session's actor")
    }
    let onMain = MainActorCheck.isOnMainActor
    record.withValue {
      $0.checks += 1
      if onMain { $0.onMainActor += 1 }
    }
    continuation.yield(action)
  }

  var checks: Int { record.withValue { $0.checks } }
  var onMainActor: Int { record.withValue { $0.onMainActor } }

  /// Waits until the reducer has reduced `action`.
  func waitFor(_ action: SessionAction) async {
    for await seen in actions where seen == action { return }
  }
}

func sessionReducer(
  probe: IsolationProbe, timerQueue: any Scheduler = DispatchQueue.global(),
  clock: any Clock<Duration> = ContinuousClock()
) -> Reducer<SessionState, SessionAction> {
  { state, action in
    probe.check(action)
    switch action {
    case .message(let number):
      state.received += 1
      return [.run { send in await send(.echoed(number)) }]
    case .echoed(let number):
      state.echoes.append(number)
      return []
    case .askCallback:
      return [Effect { callback in DispatchQueue.global().async { callback(.answered("yes")) } }]
    case .answered(let answer):
      state.answers.append(answer)
      return []
    case .startTimer:
      let timer = Effect.timer(id: SessionTimerID.timer, every: sessionTimerInterval, on: timerQueue)
      return [timer.map { _ in .tick }]
    case .tick:
      state.ticks += 1
      return state.ticks == 3 ? [.cancel(id: SessionTimerID.timer)] : []
    case .stopTimer:
      return [.cancel(id: SessionTimerID.timer)]
    }
  }
}

/// An actor that owns a store, made in its initializer (where `#isolation` is `nil`: the store
/// learns its actor from its first send).
actor Session {
  let probe: IsolationProbe
  let store: Store<SessionState, SessionAction>

  init() {
    let probe = IsolationProbe()
    self.probe = probe
    store = Store(initialValue: SessionState(), reducer: sessionReducer(probe: probe))
    probe.own(by: self)
  }

  func receive(_ number: Int) async {
    await store.send(.message(number)).finish()
  }

  func send(_ action: SessionAction) -> StoreTask { store.send(action) }

  var state: SessionState { store.value }
  var runningEffects: Int { store.registry.runningCount }
}

/// The spelling users reach for first: the store in a stored property's initializer.
actor Echo {
  let store = Store(initialValue: [Int]()) { (echoes: inout [Int], number: Int) -> [Effect<Int>] in
    guard number < 0 else { return [.run { send in await send(-number - 1) }] }
    echoes.append(-number - 1)
    return []
  }

  func echo(_ number: Int) async -> [Int] {
    await store.send(number).finish()
    return store.value
  }

  var ownsItsStore: Bool { store.registry.otherActor === self }
}

@globalActor actor SessionsActor {
  static let shared = SessionsActor()
}

@Suite("Stores on any actor")
struct ActorStoreTests {
  @Test("A store made in an actor reduces there, and a .run's send comes back there")
  func runDeliversOnTheActor() async {
    let session = Session()
    for number in 1...20 { await session.receive(number) }
    let state = await session.state
    #expect(state.received == 20)
    #expect(state.echoes == Array(1...20))
    #expect(session.probe.checks == 40)
    #expect(session.probe.onMainActor == 0)
    #expect(await session.runningEffects == 0)
  }

  @Test("A store in an actor's stored-property initializer belongs to the actor that first sends")
  func propertyInitializerStore() async {
    let echo = Echo()
    #expect(await echo.echo(4) == [4])
    #expect(await echo.echo(5) == [4, 5])
    #expect(await echo.ownsItsStore)
  }

  @Test("An actor that owns a store goes away with it once its effects are over")
  func actorAndStoreAreReleased() async {
    weak var released: Session?
    do {
      let session = Session()
      await session.receive(1)
      _ = await session.send(.askCallback)
      await session.probe.waitFor(.answered("yes"))
      released = session
    }
    #expect(released == nil)
  }

  @Test("A callback effect answering from a global queue is reduced on the store's actor")
  func callbackDeliversOnTheActor() async {
    let session = Session()
    _ = await session.send(.askCallback)
    await session.probe.waitFor(.answered("yes"))
    #expect(await session.state.answers == ["yes"])
    #expect(session.probe.onMainActor == 0)
  }

  @Test("A timer on a global queue ticks on the store's actor until it is cancelled by id")
  func timerDeliversOnTheActorAndCancelsByID() async {
    let session = Session()
    // The third tick cancels the timer, within the task of the send that started it.
    await session.send(.startTimer).finish()
    #expect(await session.state.ticks == 3)
    #expect(await session.runningEffects == 0)
    #expect(session.probe.onMainActor == 0)
  }

  @Test("Cancelling by id from the actor stops a running timer")
  func cancelByIDFromTheActor() async {
    let session = Session()
    let timer = await session.send(.startTimer)
    await session.probe.waitFor(.tick)
    _ = await session.send(.stopTimer)
    await timer.finish()
    let ticks = await session.state.ticks
    #expect(timer.isCancelled || ticks == 3)
    #expect(await session.runningEffects == 0)
  }

  @SessionsActor
  @Test("A store made on a global actor belongs to it from its initializer")
  func globalActorStore() async {
    let probe = IsolationProbe()
    probe.own(by: SessionsActor.shared)
    let store = Store(initialValue: SessionState(), reducer: sessionReducer(probe: probe))
    #expect(store.registry.otherActor === SessionsActor.shared)
    await store.send(.message(7)).finish()
    store.send(.askCallback)
    await probe.waitFor(.answered("yes"))
    #expect(store.value.echoes == [7])
    #expect(store.value.answers == ["yes"])
    #expect(probe.onMainActor == 0)
  }

  @Test("Sessions fed concurrently each reduce on their own actor")
  func concurrentSessions() async {
    let sessions = (0..<8).map { _ in Session() }
    await withTaskGroup(of: Void.self) { group in
      for session in sessions {
        group.addTask {
          for number in 0..<50 { await session.receive(number) }
        }
      }
    }
    for session in sessions {
      #expect(await session.state.echoes == Array(0..<50))
      #expect(session.probe.onMainActor == 0)
    }
  }

  @MainActor
  @Test("A store on the main actor stays on the main actor's path")
  func mainActorStoreIsBoundToMain() {
    let store = Store(initialValue: 0) { (count: inout Int, _: Int) in
      count += 1
      return []
    }
    store.send(1)
    #expect(store.registry.isBound)
    #expect(store.registry.otherActor == nil)
  }
}

/// The session's feature under a test store: the same story as on its actor, in virtual time. The
/// test store runs the feature on the test's actor (the main actor), as a test store always does.
@MainActor
@Suite("A session's feature under a test store")
struct ActorStoreTestStoreTests {
  @Test("Messages are echoed and the timer ticks on a TestClock until it cancels itself by id")
  func sessionStory() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: SessionState(),
      reducer: sessionReducer(probe: IsolationProbe(), timerQueue: clock, clock: clock))
    store.send(.message(1)) { $0.received = 1 }
    await store.receive(.echoed(1)) { $0.echoes = [1] }
    store.send(.startTimer)
    await clock.advance(by: sessionTimerInterval)
    await store.receive(.tick) { $0.ticks = 1 }
    await clock.advance(by: sessionTimerInterval * 2)
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.tick) { $0.ticks = 3 }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }
}

/// Makes a store where Swift names no isolation: `#isolation` is `nil` here, whoever calls it.
private func makeStoreWithoutIsolation() -> Store<Int, Int> {
  Store(initialValue: 0) { (count: inout Int, _: Int) -> [Effect<Int>] in
    count += 1
    return [.run { _ in }]
  }
}

@Suite("A store made where Swift names no isolation")
struct UnnamedIsolationStoreTests {
  @MainActor
  @Test("Made in nonisolated synchronous code on the main thread, it belongs to the main actor")
  func nonisolatedCodeOnTheMainThread() async {
    let store = makeStoreWithoutIsolation()
    #expect(!store.registry.isBound)
    await store.send(1).finish()
    #expect(store.registry.isBound)
    #expect(store.registry.otherActor == nil)
    #expect(store.value == 1)
  }
}
