import Dispatch
import EffectfulEffectTestSupport
import EffectfulTesting
import Foundation
import Testing

@testable import Effectful

private enum Event: Equatable, Sendable {
  case typed(String)
  case result(String)
  case tap(Int)
  case int(Int)
  case text(String)
  case cancel(String)
  case a, b
  case tick
}

/// A store whose reducer logs every action and returns whatever `effects` says for it.
@MainActor
private func logStore(
  _ effects: @escaping @Sendable (Event) -> [Effect<Event>]
) -> Store<[Event], Event> {
  Store(initialValue: []) { (log: inout [Event], event: Event) in
    if case .cancel(let id) = event { return [.cancel(id: id)] }
    let returned = effects(event)
    if returned.isEmpty { log.append(event) }
    return returned
  }
}

/// Issue 10: compositions of cancellation and time that silently did the wrong thing, each kept as a
/// test that failed before its fix.
@MainActor
@Suite("Composition regressions")
struct CompositionRegressionTests {
  // 1. A cancellable that cancels in flight cancelled itself inside `delay`.
  @Test func cancelInFlightInsideDelayDelivers() {
    let got = Collected<Int>()
    Effect.send(1).cancellable(id: "x", cancelInFlight: true)
      .delay(for: .seconds(1), scheduler: ImmediateScheduler())
      .run { got.append($0) }
    #expect(got.values == [1])
  }

  // 1. The canonical search-as-you-type never delivered.
  @Test func searchAsYouTypeDeliversTheLastQuery() {
    let scheduler = TestScheduler()
    let store = logStore { event in
      guard case .typed(let query) = event else { return [] }
      return [
        Effect.send(.result(query)).delay(for: .milliseconds(100), scheduler: scheduler)
          .cancellable(id: "request", cancelInFlight: true)
          .debounce(id: "typing", for: .milliseconds(300), scheduler: scheduler)
      ]
    }
    store.send(.typed("p"))
    scheduler.advance(by: .milliseconds(200))
    store.send(.typed("pr"))
    scheduler.advance(by: .seconds(1))
    #expect(store.value == [.result("pr")])
    store.send(.typed("pri"))
    scheduler.advance(by: .milliseconds(350))
    store.send(.typed("prim"))  // cancels the running request for "pri"
    scheduler.advance(by: .seconds(1))
    #expect(store.value == [.result("pr"), .result("prim")])
  }

  // 1. A timer inside a delay, and a throttle inside a debounce, were killed by their own ids.
  @Test func timerAndThrottleWorkInsideDelayAndDebounce() {
    let scheduler = TestScheduler()
    let store = logStore { event in
      switch event {
      case .a:
        return [
          Effect.timer(id: "timer", every: .seconds(1), on: scheduler).map { _ in .tick }
            .delay(for: .seconds(1), scheduler: scheduler)
        ]
      case .tap(let n):
        return [
          Effect.send(.int(n)).throttle(id: "throttle", for: .seconds(1), scheduler: scheduler, latest: true)
            .debounce(id: "debounce", for: .milliseconds(100), scheduler: scheduler)
        ]
      default:
        return []
      }
    }
    store.send(.a)
    scheduler.advance(by: .milliseconds(3500))
    store.send(.cancel("timer"))
    #expect(store.value == [.tick, .tick])
    store.send(.tap(1))
    scheduler.advance(by: .seconds(1))
    #expect(store.value == [.tick, .tick, .int(1)])
  }

  // 2. A cancel processed before anything with the id existed reached an effect started later.
  @Test func cancelReachesOnlyEffectsRunningWhenProcessed() {
    let scheduler = TestScheduler()
    let store = logStore { event in
      guard event == .typed("go") else { return [] }
      return [
        Effect.concatenate(
          Effect.send(.a).delay(for: .seconds(2), scheduler: scheduler),
          Effect.send(.b).cancellable(id: "y")
        )
        .delay(for: .seconds(1), scheduler: scheduler)
      ]
    }
    store.send(.typed("go"))
    scheduler.advance(by: .milliseconds(1500))
    store.send(.cancel("y"))
    scheduler.advance(by: .seconds(5))
    #expect(store.value == [.a, .b])
  }

  // The decision that follows from the rule: what a user cancels during a delay is the wait, so a
  // `cancellable(id:)` outside the delay stops it, and one inside (which does not exist yet) does not.
  @Test func cancellingDuringADelayStopsTheWaitOnlyWhenTheIdIsOutside() {
    let scheduler = TestScheduler()
    let store = logStore { event in
      switch event {
      case .a:
        return [Effect.send(.int(1)).delay(for: .seconds(1), scheduler: scheduler).cancellable(id: "outer")]
      case .b:
        return [Effect.send(.int(2)).cancellable(id: "inner").delay(for: .seconds(1), scheduler: scheduler)]
      default:
        return []
      }
    }
    store.send(.a)
    store.send(.b)
    scheduler.advance(by: .milliseconds(500))
    store.send(.cancel("outer"))
    store.send(.cancel("inner"))
    scheduler.advance(by: .seconds(1))
    #expect(store.value == [.int(2)])
  }

  // 6. A held `throttle(latest: false)` output arrived after its id was cancelled.
  @Test func throttleOldestDeliversNothingAfterCancel() {
    let scheduler = TestScheduler()
    let store = logStore { event in
      guard case .tap(let n) = event else { return [] }
      return [Effect.send(.int(n)).throttle(id: "t", for: .seconds(1), scheduler: scheduler, latest: false)]
    }
    store.send(.tap(1))
    scheduler.advance(by: .milliseconds(100))
    store.send(.tap(2))
    scheduler.advance(by: .milliseconds(100))
    store.send(.cancel("t"))
    scheduler.advance(by: .seconds(2))
    #expect(store.value == [.int(1)])
    // Nor does it come back with the next throttled effect of the same interval.
    store.send(.tap(1))
    scheduler.advance(by: .milliseconds(100))
    store.send(.tap(2))
    scheduler.advance(by: .milliseconds(100))
    store.send(.cancel("t"))
    store.send(.tap(3))
    scheduler.advance(by: .seconds(2))
    #expect(store.value == [.int(1), .int(1), .int(3)])
  }

  // 7. `debounce` and `throttle` delivered on the upstream's scheduler, not on theirs.
  @Test func debounceAndThrottleDeliverOnTheirScheduler() {
    let theirs = MarkingScheduler()
    let elsewhere = TestScheduler()
    let upstream = Effect<Int>.create { subscriber in
      elsewhere.schedule(after: .milliseconds(10)) {
        subscriber.send(1)
        subscriber.send(2)
        subscriber.finish()
      }
    }
    let onTheirs = Collected<Bool>()
    upstream.debounce(id: "d", for: .milliseconds(100), scheduler: theirs)
      .run { _ in onTheirs.append(theirs.isRunning) }
    upstream.throttle(id: "t", for: .seconds(1), scheduler: theirs, latest: true)
      .run { _ in onTheirs.append(theirs.isRunning) }
    for _ in 0..<5 {
      theirs.base.advance(by: .milliseconds(100))
      elsewhere.advance(by: .milliseconds(100))
    }
    theirs.base.advance(by: .seconds(2))
    #expect(onTheirs.values == [true, true, true, true])
  }

  // 11. Two throttles on one id with different output types did not throttle each other.
  @Test func throttleStateIsKeyedByIdAlone() {
    let scheduler = TestScheduler()
    let store = logStore { event in
      switch event {
      case .tap(let n):
        return [
          Effect.send(n).throttle(id: "t", for: .seconds(1), scheduler: scheduler, latest: true)
            .map { .int($0) }
        ]
      case .typed(let text):
        return [
          Effect.send(text).throttle(id: "t", for: .seconds(1), scheduler: scheduler, latest: true)
            .map { .text($0) }
        ]
      default:
        return []
      }
    }
    store.send(.tap(1))
    scheduler.advance()
    store.send(.typed("a"))
    scheduler.advance(by: .milliseconds(500))
    #expect(store.value == [.int(1)], "the second type went through inside the interval")
    scheduler.advance(by: .milliseconds(500))
    #expect(store.value == [.int(1), .text("a")])
  }
}

/// A `TestScheduler` that knows whether it is running one of its own pieces of work.
private final class MarkingScheduler: Scheduler, @unchecked Sendable {
  let base = TestScheduler()
  private let depth = LockedValue(0)

  var isRunning: Bool { depth.withValue { $0 > 0 } }
  var now: SchedulerInstant { base.now }

  private func marked(_ action: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
    { [depth] in
      depth.withValue { $0 += 1 }
      action()
      depth.withValue { $0 -= 1 }
    }
  }

  func schedule(_ action: @escaping @Sendable () -> Void) {
    base.schedule(marked(action))
  }

  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
    base.schedule(after: delay, marked(action))
  }

  func schedule(after delay: Duration, every interval: Duration, _ action: @escaping @Sendable () -> Void)
    -> ScheduledWork
  {
    base.schedule(after: delay, every: interval, marked(action))
  }
}
