import Dispatch
import Effectful
import EffectfulTesting
import Foundation
import Testing

private enum A: Equatable, Sendable {
  case start(Int), stop(AnyHashableBox), output(Int), startNested, startMerged, startConcat, debounce(Int)
}
struct AnyHashableBox: Equatable, Sendable {
  let id: Int
  let kind: Int  // 0: Int, 1: Int8, 2: String
}

private final class Counter: @unchecked Sendable {
  var cancels = 0
  var ended: [String] = []
}

@MainActor
@Suite("Cancellation edges")
struct CancellationEdgeTests {
  private func makeStore(_ scheduler: TestScheduler, _ counter: Counter) -> Store<[Int], A> {
    Store(initialValue: [Int]()) { (log: inout [Int], action: A) in
      switch action {
      case .start(let n):
        return [
          Effect<A>.create { s in s.onCancel { counter.cancels += 1 } }
            .merge(with: .send(.output(n)))
            .cancellable(id: n)
        ]
      case .startNested:
        return [
          Effect<A>.create { s in s.onCancel { counter.cancels += 1 } }
            .cancellable(id: 1).cancellable(id: 2)
        ]
      case .startMerged:
        return [
          .merge(
            Effect<A>.create { s in s.onCancel { counter.cancels += 1 } }.cancellable(id: 1),
            Effect.send(.output(99)).delay(for: .seconds(1), scheduler: scheduler))
        ]
      case .startConcat:
        return [
          .concatenate(
            Effect<A>.create { s in s.onCancel { counter.cancels += 1 } }.cancellable(id: 1),
            .send(.output(7)))
        ]
      case .debounce(let n):
        return [Effect.send(.output(n)).debounce(id: "d", for: .seconds(1), scheduler: scheduler)]
      case .stop(let box):
        switch box.kind {
        case 0: return [.cancel(id: box.id)]
        case 1: return [.cancel(id: Int8(box.id))]
        default: return [.cancel(id: String(box.id))]
        }
      case .output(let n):
        log.append(n)
        return []
      }
    }
  }

  @Test func idsMatchByTypeAndValue() {
    let scheduler = TestScheduler()
    let counter = Counter()
    let store = makeStore(scheduler, counter)
    store.send(.start(1))
    #expect(store.value == [1])
    store.send(.stop(AnyHashableBox(id: 1, kind: 1)))  // Int8(1): another id
    store.send(.stop(AnyHashableBox(id: 1, kind: 2)))  // "1": another id
    #expect(counter.cancels == 0)
    store.send(.stop(AnyHashableBox(id: 2, kind: 0)))
    #expect(counter.cancels == 0)
    store.send(.stop(AnyHashableBox(id: 1, kind: 0)))
    #expect(counter.cancels == 1)
    store.send(.stop(AnyHashableBox(id: 1, kind: 0)))
    #expect(counter.cancels == 1)
    // Again under the same id, twice: both cancelled together.
    store.send(.start(1))
    store.send(.start(1))
    store.send(.stop(AnyHashableBox(id: 1, kind: 0)))
    #expect(counter.cancels == 3)
  }

  @Test func nestedIdsEachCancel() {
    let counter = Counter()
    let store = makeStore(TestScheduler(), counter)
    store.send(.startNested)
    store.send(.stop(AnyHashableBox(id: 1, kind: 0)))
    #expect(counter.cancels == 1)
    store.send(.startNested)
    store.send(.stop(AnyHashableBox(id: 2, kind: 0)))
    #expect(counter.cancels == 2)
  }

  @Test func mergedPartCancelledAloneOthersGoOn() {
    let scheduler = TestScheduler()
    let counter = Counter()
    let store = makeStore(scheduler, counter)
    store.send(.startMerged)
    store.send(.stop(AnyHashableBox(id: 1, kind: 0)))
    #expect(counter.cancels == 1)
    scheduler.advance(by: .seconds(1))
    #expect(store.value == [99])
  }

  @Test func concatenationGoesOnAfterItsCancellablePartIsCancelledByID() {
    let counter = Counter()
    let store = makeStore(TestScheduler(), counter)
    store.send(.startConcat)
    #expect(store.value == [])
    store.send(.stop(AnyHashableBox(id: 1, kind: 0)))
    #expect(counter.cancels == 1)
    #expect(store.value == [7])
  }

  @Test func debounceKeepsTheLast() {
    let scheduler = TestScheduler()
    let store = makeStore(scheduler, Counter())
    store.send(.debounce(1))
    scheduler.advance(by: .milliseconds(500))
    store.send(.debounce(2))
    scheduler.advance(by: .milliseconds(500))
    store.send(.debounce(3))
    scheduler.advance(by: .seconds(2))
    #expect(store.value == [3])
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func releasedStoreCancelsFastPathEffects() {
    let counter = Counter()
    do {
      let store = makeStore(TestScheduler(), counter)
      store.send(.start(1))
      store.send(.start(2))
      store.send(.startNested)
      store.send(.startMerged)
    }
    #expect(counter.cancels == 4)
  }

  @Test func observersMayUnsubscribeThemselvesAndOthersAndSubscribeWhileNotified() {
    let store = Store(initialValue: 0) { (n: inout Int, _: Int) in
      n += 1; return []
    }
    var heard: [String] = []
    var subscriptions: [String: StoreSubscription] = [:]
    subscriptions["a"] = store.subscribe { v in
      heard.append("a\(v)")
      subscriptions["a"]?.cancel()
      subscriptions["c"]?.cancel()
      subscriptions["d"] = store.subscribe { heard.append("d\($0)") }
    }
    subscriptions["b"] = store.subscribe { heard.append("b\($0)") }
    subscriptions["c"] = store.subscribe { heard.append("c\($0)") }
    store.send(1)
    store.send(1)
    // c was unsubscribed by a before its turn, so it is not called even in that first notification.
    #expect(heard == ["a1", "b1", "b2", "d2"])
    _ = subscriptions
  }

  @Test func manyViewsOneChanges() {
    struct S: Equatable { var children = Array(repeating: 0, count: 50) }
    let store = Store(initialValue: S()) { (s: inout S, i: Int) in
      s.children[i] += 1; return []
    }
    var heard: [Int] = []
    var subscriptions: [StoreSubscription] = []
    for i in 0..<50 {
      store.view(value: { $0.children[i] }, action: { (_: Int) in i })
        .subscribe { _ in heard.append(i) }.store(in: &subscriptions)
    }
    store.send(7)
    store.send(42)
    #expect(heard == [7, 42])
    subscriptions.removeAll()
    store.send(3)
    #expect(heard == [7, 42])
  }

  @Test func runningEffectsAndEntryCountReturnToZero() {
    let registryBox = LockedValue<CancellationRegistry?>(nil)
    let store = Store(initialValue: 0) { (n: inout Int, a: Int) in
      switch a {
      case 0:
        return [
          Effect<Int>.create { s in registryBox.withValue { $0 = s.lifetime.registry } }.cancellable(id: "x")
        ]
      case 1:
        return [.cancel(id: "x")]
      case 2:
        return [
          Effect<Int>.create { s in
            s.send(5); s.finish()
          }.cancellable(id: "y")
        ]
      default:
        n += a
        return []
      }
    }
    store.send(0)
    let registry = registryBox.withValue { $0 }!
    #expect(registry.runningCount == 1)
    store.send(0)
    #expect(registry.runningCount == 2)
    store.send(1)
    #expect(registry.runningCount == 0)
    #expect(registry.entryCount == 0)
    store.send(2)
    #expect(store.value == 5)
    #expect(registry.runningCount == 0)
  }
}

extension Effect where Output: Sendable {
  fileprivate func merge(with other: Effect) -> Effect { .merge(self, other) }
}
