@testable import Effectful
import EffectfulEffectTestSupport
import EffectfulTesting
import Testing

// The tutorial's effect spellings in a reducer's return position: each compiles where the tutorial
// writes it, and is the array it means.

private enum SpellingAction: Equatable, Sendable {
  case start, stop, tick, value(Int), child(ChildAction)
}

private enum ChildAction: Equatable, Sendable {
  case ping
}

private enum CancelID: Hashable, Sendable { case timer, search }

private struct SpellingFailure: Error {}

/// Every spelling in `return` position, in one switch, as a tutorial reducer writes them.
private func spelled(_ action: SpellingAction, clock: any Clock<Duration>) -> [Effect<SpellingAction>] {
  switch action {
  case .start:
    return .run { send in
      while true {
        try await clock.sleep(for: .seconds(1))
        await send(.tick)
      }
    }
    .cancellable(id: CancelID.timer)
  case .stop:
    return .cancel(id: CancelID.timer)
  case .tick:
    return .none
  case .value(let n) where n < 0:
    return .send(.value(-n))
  case .value(let n) where n == 0:
    return .merge(.send(.value(1)), .none, .send(.value(2)))
  case .value(let n) where n == 100:
    return .concatenate(.send(.value(101)), .send(.value(102)))
  case .value:
    return []
  case .child:
    return [.send(.value(7)), .none]
  }
}

@MainActor
@Suite("The tutorial's spellings: [Effect<Action>] in a reducer's return position")
struct TutorialSpellingTests {
  @Test func noneIsTheEmptyArray() {
    let effects: [Effect<SpellingAction>] = .none
    #expect(effects.isEmpty)
    #expect(spelled(.tick, clock: ImmediateClock()).isEmpty)
  }

  @Test func eachConstructorIsOneEffectAndMergeKeepsItsParts() {
    let clock = ImmediateClock()
    #expect(spelled(.start, clock: clock).count == 1)
    #expect(spelled(.stop, clock: clock).count == 1)
    #expect(spelled(.value(-3), clock: clock).count == 1)
    #expect(spelled(.value(0), clock: clock).count == 3)
    #expect(spelled(.value(100), clock: clock).count == 1)
    // The episode's spellings are unchanged, `.none` inside a literal being Effect's.
    #expect(spelled(.value(5), clock: clock).isEmpty)
    #expect(spelled(.child(.ping), clock: clock).count == 2)
  }

  @Test func theStoreRunsThemAsTheTutorialMeans() async {
    let clock = TestClock()
    let store = TestStore(initialValue: [Int]()) { (log: inout [Int], action: SpellingAction) in
      if case .value(let n) = action { log.append(n) }
      if case .tick = action { log.append(0) }
      return spelled(action, clock: clock)
    }
    store.send(.value(-3)) { $0 = [-3] }
    await store.receive(.value(3)) { $0 = [-3, 3] }
    store.send(.value(0)) { $0.append(0) }
    await store.receive(.value(1)) { $0.append(1) }
    await store.receive(.value(2)) { $0.append(2) }
    store.send(.value(100)) { $0.append(100) }
    await store.receive(.value(101)) { $0.append(101) }
    await store.receive(.value(102)) { $0.append(102) }
    store.send(.start)
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.append(0) }
    await store.receive(.tick) { $0.append(0) }
    store.send(.stop)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func anOperatorOnSeveralEffectsAppliesToThemTogether() async {
    let clock = TestClock()
    let store = TestStore(initialValue: [Int]()) { (log: inout [Int], action: SpellingAction) in
      switch action {
      case .start:
        let both: [Effect<SpellingAction>] = .merge(
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.value(1))
          },
          .run { send in
            try await clock.sleep(for: .seconds(2))
            await send(.value(2))
          })
        let cancellable = both.cancellable(id: CancelID.timer)
        #expect(cancellable.count == 1)
        return cancellable
      case .stop:
        return .cancel(id: CancelID.timer)
      case .value(let n):
        log.append(n)
        return .none
      default:
        return .none
      }
    }
    store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.value(1)) { $0 = [1] }
    // One id cancels both: the second never arrives.
    store.send(.stop)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func timeOperatorsOnASchedulerMakeOneEffect() {
    let scheduler = TestScheduler()
    let outputs = Collected<SpellingAction>()
    let delayed: [Effect<SpellingAction>] =
      .merge(.send(.value(1)), .send(.value(2))).delay(for: .seconds(1), scheduler: scheduler)
    let debounced: [Effect<SpellingAction>] =
      .send(.value(3)).debounce(id: CancelID.search, for: .seconds(1), scheduler: scheduler)
    let throttled: [Effect<SpellingAction>] =
      .send(.value(4)).throttle(id: CancelID.timer, for: .seconds(1), scheduler: scheduler, latest: true)
    #expect(delayed.count == 1)
    #expect(debounced.count == 1)
    #expect(throttled.count == 1)
    for effect in delayed + debounced + throttled { effect.run { outputs.append($0) } }
    // The throttle's first output passes on the scheduler's next turn; the others wait a second.
    scheduler.advance()
    #expect(outputs.values == [.value(4)])
    scheduler.advance(by: .seconds(1))
    #expect(outputs.values == [.value(4), .value(1), .value(2), .value(3)])
  }

  @Test func operatorsOnNoEffectsGiveNoEffects() {
    let scheduler = TestScheduler()
    let none: [Effect<SpellingAction>] = .none
    #expect(none.cancellable(id: CancelID.timer).isEmpty)
    #expect(none.cancellable(id: CancelID.timer, cancelInFlight: true).isEmpty)
    #expect(none.delay(for: .seconds(1), scheduler: scheduler).isEmpty)
    #expect(none.debounce(id: CancelID.search, for: .seconds(1), scheduler: scheduler).isEmpty)
    #expect(none.throttle(id: CancelID.timer, for: .seconds(1), scheduler: scheduler, latest: false).isEmpty)
    let noChild: [Effect<ChildAction>] = .none
    #expect(noChild.map(SpellingAction.child).isEmpty)
    let allNone: [Effect<SpellingAction>] = .concatenate(.none, .none)
    #expect(allNone.isEmpty)
  }

  @Test func mapLiftsEachEffectAndLeavesTheStandardMapAlone() {
    let child: [Effect<ChildAction>] = [.send(.ping), .send(.ping)]
    // A closure over actions: the effects' map.
    let lifted = child.map(SpellingAction.child)
    let liftedByClosure: [Effect<SpellingAction>] = child.map { .child($0) }
    // A closure over effects: the standard library's, as the library's own pullback writes it.
    let liftedByElement = child.map { $0.map(SpellingAction.child) }
    let descriptions = child.map { "\($0)" }
    let counted = child.map { _ in 1 }
    let outputs = Collected<SpellingAction>()
    for effect in lifted + liftedByClosure + liftedByElement { effect.run { outputs.append($0) } }
    #expect(outputs.values == Array(repeating: .child(.ping), count: 6))
    #expect(descriptions.count == 2)
    #expect(counted == [1, 1])
  }

  @Test func anUnhandledErrorNamesTheLineOfTheReturn() async {
    let messages = LockedValue<[String]>([])
    let line = #line + 1
    let effects: [Effect<SpellingAction>] = .run { _ in throw SpellingFailure() }
    let store = Store(initialValue: 0) { (_: inout Int, _: SpellingAction) in effects }
    store.registry.runErrorReporter = { report in messages.withValue { $0.append(report.message) } }
    let task = store.send(.start)
    await task.finish()
    let reported = messages.withValue { $0 }
    #expect(reported.count == 1)
    #expect(reported.first?.contains("TutorialSpellingTests.swift:\(line)") == true, "\(reported)")
  }
}
