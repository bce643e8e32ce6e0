@testable import Effectful
import EffectfulTesting
import Testing

private enum Action: Equatable, Sendable {
  case load
  case loadTwice
  case increment
  case loaded(Int)
}

@MainActor
@Suite("StoreTask")
struct StoreTaskTests {
  private func makeStore(clock: TestClock) -> Store<[Int], Action> {
    Store(initialValue: []) { log, action in
      let effect = Effect<Action>.run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.loaded(1))
      }
      switch action {
      case .load: return [effect]
      case .loadTwice: return [effect, .send(.load)]
      case .increment: return []
      case .loaded(let value):
        log.append(value)
        return []
      }
    }
  }

  @Test("finish() returns once the action's effects have ended, their outputs reduced")
  func finishWaitsForOutputs() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let task = store.send(.load)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.value == [1])
    #expect(!task.isCancelled)
  }

  @Test("It covers effects of actions reduced in the same send")
  func coversTheWholeSend() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let task = store.send(.loadTwice)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.value == [1, 1])
  }

  @Test("A send with no effects gives a task that is done at once and not cancelled")
  func noEffects() async {
    let store = makeStore(clock: TestClock())
    let task = store.send(.increment)
    await task.finish()
    #expect(!task.isCancelled)
  }

  @Test("cancel() stops the effects: nothing arrives, and the task says it was cancelled")
  func cancelStopsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let task = store.send(.load)
    task.cancel()
    await task.finish()
    await clock.advance(by: .seconds(5))
    #expect(store.value == [])
    #expect(task.isCancelled)
  }

  @Test("Cancelling the task that awaits finish() cancels the effects, as a view's .task does")
  func cancellingTheWaiterCancelsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let storeTask = store.send(.load)
    let waiter = Task { await storeTask.finish() }
    waiter.cancel()
    await waiter.value
    await clock.advance(by: .seconds(5))
    #expect(store.value == [])
    #expect(storeTask.isCancelled)
  }

  @Test("A view's send returns its parent's task")
  func viewSendReturnsParentsTask() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let view = store.view(value: { $0.count }, action: { $0 })
    let task = view.send(.load)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(view.value == 1)
  }
}

/// What a send's task keeps: only runs that are still going when the send returns.
@MainActor
@Suite("StoreTask bookkeeping")
struct StoreTaskBookkeepingTests {
  @Test("A chain of synchronous effects, each over as it starts, leaves the task empty")
  func finishedRunsAreNotKept() {
    let store = Store(initialValue: 0) { (count: inout Int, remaining: Int) -> [Effect<Int>] in
      count += 1
      return remaining == 0 ? [] : [.sync { remaining - 1 }]
    }
    let task = store.send(1_000)
    #expect(store.value == 1_001)
    // Before, every one of the thousand finished runs was held until the task was dropped.
    #expect(task.firstRun == nil, "the task kept runs that were over")
  }
}

private enum OneRunID: Hashable, Sendable { case effect }

private enum ChainAction: Equatable, Sendable {
  case load
  case loaded(Int)
}

/// A send that starts one run returns a task of that run alone; its group is made only when
/// somebody needs one (see `StoreTask.firstRun`). What the task covers must not change for it.
@MainActor
@Suite("StoreTask of one run")
struct StoreTaskOfOneRunTests {
  /// `.load` starts one run; its output `.loaded(1)` starts a second one, which sends `.loaded(2)`.
  private func makeChainStore(clock: TestClock) -> Store<[Int], ChainAction> {
    Store(initialValue: []) { log, action in
      switch action {
      case .load:
        return [
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.loaded(1))
          }
        ]
      case .loaded(let value):
        log.append(value)
        guard value == 1 else { return [] }
        return [
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.loaded(2))
          }
        ]
      }
    }
  }

  @Test("The task covers the run its run's output started: it is not wound down until that ends")
  func coversRunsItsOutputsStart() async {
    let clock = TestClock()
    let store = makeChainStore(clock: clock)
    let task = store.send(.load)
    let first = task.firstRun
    #expect(first != nil)
    #expect(first?.registry.withState { _ in first?.record.taskGroup } == nil, "the send made a group")
    await clock.advance(by: .seconds(1))
    #expect(store.value == [1])
    #expect(!task.isWoundDown, "the second run is still waiting on the clock")
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.value == [1, 2])
    #expect(task.isWoundDown)
    #expect(!task.isCancelled)
  }

  @Test("cancel() reaches the run its run's output started")
  func cancelReachesRunsItsOutputsStart() async {
    let clock = TestClock()
    let store = makeChainStore(clock: clock)
    let task = store.send(.load)
    await clock.advance(by: .seconds(1))
    #expect(store.value == [1])
    task.cancel()
    await task.finish()
    await clock.advance(by: .seconds(5))
    #expect(store.value == [1])
  }

  @Test("A run cancelled by id before anybody asked: the task says cancelled; one that finished, not")
  func stateAskedAfterTheRunEnded() {
    let subscribers = LockedValue<[EffectSubscriber<Int>]>([])
    let store = Store(initialValue: 0) { (_: inout Int, action: Int) -> [Effect<Int>] in
      switch action {
      case 0:
        return [
          Effect<Int>.create { subscriber in subscribers.withValue { $0.append(subscriber) } }
            .cancellable(id: OneRunID.effect)
        ]
      case 1: return [.cancel(id: OneRunID.effect)]
      default: return []
      }
    }
    let cancelled = store.send(0)
    store.send(1)
    #expect(cancelled.isWoundDown)
    #expect(cancelled.isCancelled)

    let finished = store.send(0)
    subscribers.withValue { $0[1].finish() }
    #expect(finished.isWoundDown)
    #expect(!finished.isCancelled)
  }
}
