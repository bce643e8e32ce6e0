@testable import Effectful
import EffectfulEffectTestSupport
import EffectfulTesting
import Testing

/// When a send from a task that escaped a `.run` is late (issue 36, item 18a): when it starts
/// after something ordered after the operation's return — `finish()` having returned, a later step
/// of a concatenation having started — it is dropped and reported, in every round. (A send that
/// races the return is part of the run: nothing orders it either way, so it is not tested here.)
///
/// Each round leaves a task holding `send` that waits on a gate; the ordered-after event opens it.
/// No sleeps, no spinning: the rounds pass with both cores busy.
private enum LateAction: Equatable, Sendable {
  /// Runs an operation that leaves the late sender behind and returns.
  case start
  /// The same, then `.run`s a second step that wakes the late sender.
  case startThenRun
  /// The same, then sends `.next`, whose reduction wakes the late sender.
  case startThenSend
  case next
  case late
}

/// What makes the late sender send: an event ordered after the operation's return.
private enum Wake: CaseIterable, Sendable {
  /// The test, once `await store.send(.start).finish()` has returned.
  case afterFinish
  /// A second `.run` of a concatenation, which starts once the first has ended.
  case byNextRun
  /// The reduction of the action a concatenation sends once the `.run` before it has ended.
  case byNextSend
}

/// One round's hand-offs.
private final class LateSender: Sendable {
  let wake = Gate()
  let sent = Gate()

  /// Called in an operation: leaves a task holding `send`, which sends `late` once woken.
  func escape<Action: Sendable>(_ send: Send<Action>, _ late: Action) {
    Task {
      await wake.wait()
      await send(late)
      sent.open()
    }
  }
}

private func lateSendReducer(_ sender: LateSender) -> Reducer<Int, LateAction> {
  { lates, action in
    switch action {
    case .start:
      return [.run { send in sender.escape(send, .late) }]
    case .startThenRun:
      return [.concatenate(.run { send in sender.escape(send, .late) }, .run { _ in sender.wake.open() })]
    case .startThenSend:
      return [.concatenate(.run { send in sender.escape(send, .late) }, .send(.next))]
    case .next:
      sender.wake.open()
      return []
    case .late:
      lates += 1
      return []
    }
  }
}

private struct LateSends: Equatable {
  var reduced = 0
  var reported = 0
}

/// Plays `rounds` rounds woken by `wake` on a plain store of the caller's isolation.
private func lateSends(
  rounds: Int, wake: Wake, isolation: isolated (any Actor) = #isolation
) async -> LateSends {
  var outcome = LateSends()
  for _ in 0..<rounds {
    let sender = LateSender()
    let store = Store(initialValue: 0, reducer: lateSendReducer(sender), isolation: isolation)
    let reports = LockedValue<[String]>([])
    store.registry.runErrorReporter = { report in reports.withValue { $0.append(report.message) } }
    switch wake {
    case .afterFinish:
      await store.send(.start).finish()
      sender.wake.open()
    case .byNextRun:
      await store.send(.startThenRun).finish()
    case .byNextSend:
      await store.send(.startThenSend).finish()
    }
    // Once the late send has returned, it was reduced or dropped on the store's isolation.
    await sender.sent.wait()
    outcome.reduced += store.value
    let late = reports.withValue { $0.filter { $0.contains("after its operation had returned") } }
    outcome.reported += late.count
  }
  return outcome
}

/// An actor owning its stores, as a server's session does.
private actor LateSendHost {
  func play(rounds: Int, wake: Wake) async -> LateSends {
    await lateSends(rounds: rounds, wake: wake)
  }
}

@MainActor
@Suite("Sends ordered after a .run's return")
struct LateSendOrderingTests {
  static let rounds = 300

  @Test("On a plain store, each is dropped and reported", arguments: Wake.allCases)
  fileprivate func plainStore(wake: Wake) async {
    let outcome = await lateSends(rounds: Self.rounds, wake: wake)
    #expect(outcome == LateSends(reduced: 0, reported: Self.rounds))
  }

  @Test("On a store in virtual time, each is dropped and reported", arguments: Wake.allCases)
  fileprivate func storeInVirtualTime(wake: Wake) async {
    // A clock made first puts the store's effects on an executor of the test's own.
    _ = TestClock()
    let outcome = await lateSends(rounds: Self.rounds, wake: wake)
    #expect(outcome == LateSends(reduced: 0, reported: Self.rounds))
  }

  @Test("On a store an actor owns, each is dropped and reported", arguments: Wake.allCases)
  fileprivate func storeOnAnActor(wake: Wake) async {
    let outcome = await LateSendHost().play(rounds: Self.rounds, wake: wake)
    #expect(outcome == LateSends(reduced: 0, reported: Self.rounds))
  }

  @Test(
    "On a test store, each fails the test at finish() and is never received",
    arguments: [Wake.afterFinish, .byNextRun])
  fileprivate func testStore(wake: Wake) async {
    var reduced = 0
    var lateFailures = 0
    var otherFailures: [String] = []
    for _ in 0..<Self.rounds {
      let sender = LateSender()
      let failures = LockedValue<[String]>([])
      let store = TestStore(
        initialValue: 0, reducer: lateSendReducer(sender),
        failureReporter: { message, _, _ in failures.withValue { $0.append(message) } })
      store.send(wake == .afterFinish ? .start : .startThenRun)
      await store.finish()
      sender.wake.open()
      await sender.sent.wait()
      // The report is collected at the store's next look.
      await store.finish()
      reduced += store.value
      for failure in failures.withValue({ $0 }) {
        if failure.contains("after its operation had returned") {
          lateFailures += 1
        } else {
          otherFailures.append(failure)
        }
      }
    }
    #expect(reduced == 0)
    #expect(lateFailures == Self.rounds)
    #expect(otherFailures.isEmpty, "\(otherFailures.prefix(3))")
  }

  @Test("A send racing the return is reduced before finish() returns, or dropped and reported")
  func racingSendIsDecidedBeforeFinishReturns() async {
    var reducedLate = 0
    var undecided = 0
    var reduced = 0
    for _ in 0..<Self.rounds {
      let sent = Gate()
      let store = Store(initialValue: 0) { (count: inout Int, action: LateAction) -> [Effect<LateAction>] in
        guard action == .start else {
          count += 1
          return []
        }
        // Nothing orders this send against the operation's return: either outcome is right.
        return [.run { send in Task { await send(.late); sent.open() } }]
      }
      let reports = LockedValue(0)
      store.registry.runErrorReporter = { _ in reports.withValue { $0 += 1 } }
      await store.send(.start).finish()
      let reducedByFinish = store.value
      await sent.wait()
      if store.value != reducedByFinish { reducedLate += 1 }
      if store.value + reports.withValue({ $0 }) != 1 { undecided += 1 }
      reduced += store.value
    }
    testLog("racing sends: \(reduced) of \(Self.rounds) reduced, the others dropped and reported")
    #expect(reducedLate == 0)
    #expect(undecided == 0)
  }

  @Test("A send from work the operation awaits is always reduced")
  func awaitedWorkBelongsToTheRun() async {
    let store = Store(initialValue: 0) { (count: inout Int, action: LateAction) -> [Effect<LateAction>] in
      switch action {
      case .start:
        return [
          .run { send in
            async let child: Void = send(.late)
            await withTaskGroup(of: Void.self) { group in group.addTask { await send(.late) } }
            await child
          }
        ]
      default:
        count += 1
        return []
      }
    }
    for _ in 0..<Self.rounds { await store.send(.start).finish() }
    #expect(store.value == 2 * Self.rounds)
  }
}

/// How a test cancels a run: the store's cancellation of what a send started, or its id.
private enum RunCancel: String, CaseIterable, Sendable {
  case byStoreTask
  case byID
}

private enum CancelLateAction: Equatable, Sendable {
  /// A concatenation whose first part leaves a late sender behind and returns.
  case start
  /// The same, but the first part returns only once it is cancelled.
  case startAndHold
  case cancel
  case late
}

private enum LateRunID: Hashable, Sendable { case run }

private func cancelledRunReducer(
  _ sender: LateSender, hold: Gate
) -> Reducer<Int, CancelLateAction> {
  { lates, action in
    switch action {
    case .start:
      // A second part, so that the first is a part of a concatenation (one part alone is the run
      // itself), whose end reaches the store on the main queue.
      return [
        .concatenate(
          .run { send in sender.escape(send, .late) }.cancellable(id: LateRunID.run),
          .run { _ in })
      ]
    case .startAndHold:
      // `hold` never opens: the wait ends when the run's cancellation ends the stream.
      return [
        .concatenate(
          .run { send in
            sender.escape(send, .late)
            await hold.wait()
          }.cancellable(id: LateRunID.run),
          .run { _ in })
      ]
    case .cancel:
      return [.cancel(id: LateRunID.run)]
    case .late:
      lates += 1
      return []
    }
  }
}

/// The check that a run cancelled after it returned reports a late send blocks the main actor, so each way
/// of cancelling runs in a child process of its own (see `runMainActorBlockedCheck`). Not on the main
/// actor, which the parent would otherwise hold while it waits for the child.
@Suite("A run cancelled after it returned")
struct LateSendAfterCancelTests {
  @Test(
    "Cancelled after its operation returned, before the store saw it end, a run reports a late send",
    arguments: RunCancel.allCases)
  fileprivate func cancelledAfterReturning(cancel: RunCancel) throws {
    let output = try runMainActorBlockedCheck(
      childSuite: "LateSendAfterCancelChildProcess", case: cancel.rawValue)
    let rounds = LateSendAfterCancelChildProcess.rounds
    let expected = "\(cancel): reported \(rounds) of \(rounds), reduced 0, marks timed out 0"
    #expect(output.contains(expected), "\(output)")
  }
}

/// The child side: does nothing unless the process was started for a way of cancelling.
@MainActor
@Suite("LateSendAfterCancelChildProcess")
struct LateSendAfterCancelChildProcess {
  /// As many as the other checks': the rounds take a few hundredths of a second alone in a process.
  nonisolated static let rounds = 300

  @Test func cancelAfterReturning() async {
    guard let name = mainActorBlockedCheckCase, let cancel = RunCancel(rawValue: name) else { return }
    var outcome = LateSends()
    var markTimeouts = 0
    for _ in 0..<Self.rounds {
      let sender = LateSender()
      let store = Store(initialValue: 0, reducer: cancelledRunReducer(sender, hold: Gate()))
      let reports = LockedValue<[String]>([])
      store.registry.runErrorReporter = { report in reports.withValue { $0.append(report.message) } }
      let task = store.send(.start)
      // The run is a part of a concatenation: its end reaches the store on the main queue, which
      // cannot run while this waits without suspending. The operation returns on its own in its
      // task meanwhile; its mark is set with the count of the top-level run's tasks dropping to zero.
      // Alone in this process, the test leaves the cooperative pool to that task.
      if !Self.waitWithoutSuspending(until: { Self.runningTasks(in: store.registry) == 0 }) {
        markTimeouts += 1
      }
      switch cancel {
      case .byStoreTask: task.cancel()
      case .byID: store.send(.cancel)
      }
      sender.wake.open()
      await sender.sent.wait()
      await task.finish()
      outcome.reduced += store.value
      let late = reports.withValue { $0.filter { $0.contains("after its operation had returned") } }
      outcome.reported += late.count
    }
    print(
      "\(cancel): reported \(outcome.reported) of \(Self.rounds), reduced \(outcome.reduced), "
        + "marks timed out \(markTimeouts)")
  }

  /// How many `.run` tasks the store's top-level runs have that have not returned.
  private static func runningTasks(in registry: CancellationRegistry) -> Int {
    registry.withState { state in state.topLevelRuns.elements.reduce(0) { $0 + $1.record.runningTasks } }
  }

  /// Polls `condition` on this thread without suspending, so that nothing queued for the main
  /// actor runs meanwhile; `false` if it did not hold within `timeout`, which only bounds a failure.
  private static func waitWithoutSuspending(
    timeout: Duration = .seconds(10), until condition: () -> Bool
  ) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
      if clock.now >= deadline { return condition() }
    }
    return true
  }
}

extension LateSendOrderingTests {
  @Test(
    "Cancelled before its operation returned, a run drops an escaped send quietly",
    arguments: RunCancel.allCases)
  fileprivate func cancelledBeforeReturning(cancel: RunCancel) async {
    var outcome = LateSends()
    var otherReports: [String] = []
    for _ in 0..<Self.rounds {
      let sender = LateSender()
      let store = Store(initialValue: 0, reducer: cancelledRunReducer(sender, hold: Gate()))
      let reports = LockedValue<[String]>([])
      store.registry.runErrorReporter = { report in reports.withValue { $0.append(report.message) } }
      let task = store.send(.startAndHold)
      // The operation cannot return before this cancellation: only the cancellation ends its wait.
      switch cancel {
      case .byStoreTask: task.cancel()
      case .byID: store.send(.cancel)
      }
      await task.finish()
      sender.wake.open()
      await sender.sent.wait()
      outcome.reduced += store.value
      for report in reports.withValue({ $0 }) {
        if report.contains("after its operation had returned") {
          outcome.reported += 1
        } else {
          otherReports.append(report)
        }
      }
    }
    #expect(outcome == LateSends(reduced: 0, reported: 0))
    #expect(otherReports.isEmpty, "\(otherReports.prefix(3))")
  }
}
