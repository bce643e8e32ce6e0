import EffectfulEffectTestSupport
import Effectful
import EffectfulTesting
import Foundation
import Testing

private enum ChainAction: Equatable, Sendable {
  case start(Int)
  case step(Int)
  case fromObserver(String)
  case log(String)
}

@MainActor
@Suite("Store")
struct StoreTests {
  @Test("Actions sent while reducing are queued and reduced after the current one, in order")
  func reentrancyOrder() {
    let reducer: Reducer<[String], ChainAction> = { log, action in
      switch action {
      case .start:
        log.append("start")
        return [.send(.log("a")), .merge(.send(.log("b")), .sync { .log("c") }), .send(.log("d"))]
      case .log(let name):
        log.append(name)
        return name == "a" ? [.send(.log("a2"))] : []
      case .fromObserver(let name):
        log.append(name)
        return []
      case .step:
        return []
      }
    }
    let store = Store(initialValue: [], reducer: reducer)
    var observed = false
    let subscription = store.subscribe { [store] log in
      if log == ["start"], !observed {
        observed = true
        store.send(.fromObserver("observer"))
      }
    }
    store.send(.start(0))
    // The start's own effects come first, then what the observer sent, then the effects' effects.
    #expect(store.value == ["start", "a", "b", "c", "d", "observer", "a2"])
    subscription.cancel()
  }

  @Test("A synchronous chain of a million actions runs in constant stack")
  func millionActionChain() {
    let reducer: Reducer<Int, ChainAction> = { count, action in
      guard case .step(let remaining) = action else { return [] }
      count += 1
      return remaining > 1 ? [.send(.step(remaining - 1))] : []
    }
    let store = Store(initialValue: 0, reducer: reducer)
    store.send(.step(1_000_000))
    #expect(store.value == 1_000_000)
  }

  @Test func observersHearEachChangeUntilCancelled() {
    let store = Store(initialValue: 0) { (count: inout Int, delta: Int) in
      count += delta
      return []
    }
    var heard: [Int] = []
    let subscription = store.subscribe { heard.append($0) }
    store.send(1)
    store.send(2)
    subscription.cancel()
    store.send(3)
    #expect(heard == [1, 3])
    #expect(store.value == 6)
  }

  @Test func subscriptionEndsWhenReleased() {
    let store = Store(initialValue: 0) { (count: inout Int, delta: Int) in
      count += delta
      return []
    }
    var heard: [Int] = []
    var subscription: StoreSubscription? = store.subscribe { heard.append($0) }
    store.send(1)
    _ = subscription
    subscription = nil
    store.send(1)
    #expect(heard == [1])
  }

  @Test("A view reads through its parent and sends through it")
  func viewReadsAndSendsThroughParent() {
    struct AppState: Equatable { var count = 0; var name = "x" }
    enum AppAction: Sendable { case counter(Int), rename(String) }
    let store = Store(initialValue: AppState()) { (state: inout AppState, action: AppAction) in
      switch action {
      case .counter(let delta): state.count += delta
      case .rename(let name): state.name = name
      }
      return []
    }
    let counter = store.view(value: { $0.count }, action: { AppAction.counter($0) })
    counter.send(5)
    #expect(store.value.count == 5)
    #expect(counter.value == 5)
    store.send(.counter(1))
    #expect(counter.value == 6)
  }

  @Test("An observer of an Equatable view hears only real changes")
  func equatableViewDeduplicates() {
    struct AppState { var count = 0; var name = "x" }
    enum AppAction: Sendable { case counter(Int), rename(String) }
    let store = Store(initialValue: AppState()) { (state: inout AppState, action: AppAction) in
      switch action {
      case .counter(let delta): state.count += delta
      case .rename(let name): state.name = name
      }
      return []
    }
    let counter = store.view(value: { $0.count }, action: { AppAction.counter($0) })
    var heard: [Int] = []
    let subscription = counter.subscribe { heard.append($0) }
    store.send(.rename("y"))
    store.send(.counter(2))
    store.send(.rename("z"))
    counter.send(0)
    counter.send(1)
    #expect(heard == [2, 3])
    subscription.cancel()
    store.send(.counter(1))
    #expect(heard == [2, 3])
  }

  @Test("A view of a view composes")
  func nestedViews() {
    struct Inner: Equatable { var value = 0 }
    struct Outer: Equatable { var inner = Inner() }
    let store = Store(initialValue: Outer()) { (state: inout Outer, delta: Int) in
      state.inner.value += delta
      return []
    }
    let inner = store.view(value: { $0.inner }, action: { $0 })
    let value = inner.view(value: { $0.value }, action: { $0 })
    var heard: [Int] = []
    let subscription = value.subscribe { heard.append($0) }
    value.send(2)
    value.send(3)
    #expect(heard == [2, 5])
    #expect(store.value.inner.value == 5)
    subscription.cancel()
  }

  @Test("A released store cancels its effects, and effects don't keep it alive")
  func releasedStoreCancelsEffects() {
    let scheduler = TestScheduler()
    let ticks = Collected<Int>()
    weak var weakStore: Store<Int, ChainAction>?
    do {
      let store = Store(initialValue: 0) { (count: inout Int, action: ChainAction) in
        switch action {
        case .start:
          return [Effect.timer(id: "timer", every: .seconds(1), on: scheduler).map { _ in .step(1) }]
        case .step:
          count += 1
          ticks.append(count)
          return []
        default:
          return []
        }
      }
      weakStore = store
      store.send(.start(0))
      scheduler.advance(by: .seconds(2))
      #expect(store.value == 2)
      #expect(scheduler.scheduledCount == 1)
    }
    #expect(weakStore == nil, "a running timer must not keep its store alive")
    #expect(scheduler.scheduledCount == 0, "releasing the store cancels the timer")
    scheduler.advance(by: .seconds(5))
    #expect(ticks.values == [1, 2])
  }
}
