import EffectfulEffectTestSupport
import EffectfulTesting
import Testing

@testable import Effectful

/// Defects a review found, each kept as a test that failed before its fix.
@MainActor
@Suite("Regressions") struct RegressionTests {
  // 1. Store deinit starts the next part of a concatenation.
  @Test func concatenateDoesNotStartNextPartWhenStoreGoesAway() {
    let started = LockedValue(false)
    var store: Store<Int, Int>? = Store<Int, Int>(initialValue: 0) { _, action in
      guard action == 0 else { return [] }
      return [
        .concatenate(
          Effect<Int>.create { _ in }.cancellable(id: "a"),
          .fireAndForget { started.withValue { $0 = true } })
      ]
    }
    store?.send(0)
    #expect(started.withValue { $0 } == false)
    store = nil
    #expect(started.withValue { $0 } == false, "a released store started new work")
  }

  // 2. Throttle lets one output through twice.
  @Test func throttleDeliversAtMostOnePerInterval() {
    let scheduler = TestScheduler()
    let store = Store<[Int], Int>(initialValue: []) { state, action in
      if action == 0 {
        return [
          Effect<Int>.create { s in
            s.send(1); s.send(2); s.send(3); s.finish()
          }
          .throttle(id: "t", for: .seconds(1), scheduler: scheduler, latest: true)
        ]
      }
      state.append(action)
      return []
    }
    store.send(0)
    scheduler.advance(by: .seconds(5))
    #expect(store.value == [1, 3])
  }

  @Test func throttleOldestSendsEachWaitingOutputOnce() {
    let scheduler = TestScheduler()
    let got = Collected<Int>()
    Effect<Int>.create { s in
      s.send(1); s.send(2); s.send(3); s.finish()
    }
    .throttle(id: "t", for: .seconds(1), scheduler: scheduler, latest: false)
    .run { got.append($0) }
    scheduler.advance(by: .seconds(5))
    #expect(got.values == [1, 2])
  }

  // 3. Throttle remembers one small entry per id for the store's life (documented); nothing else stays.
  @Test func registryKeepsOnlyThrottleMemoryAfterThrottles() {
    let registry = CancellationRegistry()
    for id in 0..<100 {
      let lifetime = EffectLifetime(registry: registry)
      Effect.send(1).throttle(id: id, for: .seconds(1), scheduler: ImmediateScheduler(), latest: true)
        .start(in: lifetime) { _, _ in }
      #expect(!lifetime.isRunning)
    }
    #expect(registry.runningCount == 0)
    #expect(registry.entryCount == 100, "one remembered last emission per throttle id")
  }

  // 4. A cancellation reaches what runs when the store processes it (issue 10, defects 1 and 2): while
  // a delay waits, that is the wait, so an id outside the delay cancels it, and an id inside (which
  // does not exist yet) is not reached. This test asserted the opposite before.
  @Test func cancelDuringDelayReachesTheWaitNotTheCancellableInside() {
    let scheduler = TestScheduler()
    let store = Store<[Int], Int>(initialValue: []) { state, action in
      switch action {
      case 0: return [Effect.send(1).cancellable(id: "x").delay(for: .seconds(1), scheduler: scheduler)]
      case 10: return [Effect.send(11).delay(for: .seconds(1), scheduler: scheduler).cancellable(id: "x")]
      case -1: return [.cancel(id: "x")]
      default:
        state.append(action)
        return []
      }
    }
    store.send(0)
    store.send(10)
    scheduler.advance(by: .milliseconds(500))
    store.send(-1)
    scheduler.advance(by: .seconds(1))
    #expect(store.value == [1])
  }

  // 5. Concatenate: cancelling the running part by id moves on (check semantics) & merge finishing.
  @Test func mergeAndConcatenateFinish() {
    let registry = CancellationRegistry()
    let l1 = EffectLifetime(registry: registry)
    Effect<Int>.merge(.send(1), .sync { 2 }, .none).start(in: l1) { _, _ in }
    #expect(!l1.isRunning)
    let l2 = EffectLifetime(registry: registry)
    Effect<Int>.concatenate(Array(repeating: .sync { 1 }, count: 100_000)).start(in: l2) { _, _ in }
    #expect(!l2.isRunning)
  }
}
