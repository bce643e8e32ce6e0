import EffectfulEffectTestSupport
@testable import Effectful
import EffectfulTesting
import Testing

private enum RunAction: Equatable, Sendable {
  case start
  case stop
  case value(Int)
  case failed(String)
}

private enum RunID: Hashable, Sendable { case run }

private struct RunFailure: Error, CustomStringConvertible {
  var description: String { "the disk is full" }
}

/// A store whose `.start` runs `effect` and whose `.stop` cancels it; `.value`s are logged in order.
@MainActor
private func makeStore(_ effect: Effect<RunAction>) -> Store<[RunAction], RunAction> {
  Store(initialValue: []) { log, action in
    switch action {
    case .start: return [effect.cancellable(id: RunID.run)]
    case .stop: return [.cancel(id: RunID.run)]
    case .value, .failed:
      log.append(action)
      return []
    }
  }
}

@MainActor
@Suite("Effect.run")
struct RunEffectTests {
  @Test("Every send is reduced on the main actor, in order, and the effect ends when the operation returns")
  func sendsArriveInOrder() async {
    let store = makeStore(
      .run { send in
        for value in 1...100 { await send(.value(value)) }
      })
    let task = store.send(.start)
    await task.finish()
    #expect(store.value == (1...100).map(RunAction.value))
    #expect(!task.isCancelled)
  }

  @Test("Cancelling by id cancels the task: a clock sleep throws, and later ticks never arrive")
  func cancelByID() async {
    let clock = TestClock()
    let sawCancellation = LockedValue(false)
    let store = makeStore(
      .run { send in
        var count = 0
        do {
          while true {
            try await clock.sleep(for: .seconds(1))
            count += 1
            await send(.value(count))
          }
        } catch {
          sawCancellation.withValue { $0 = error is CancellationError }
          throw error
        }
      })
    let task = store.send(.start)
    await clock.advance(by: .seconds(3))
    store.send(.stop)
    await task.finish()
    await clock.advance(by: .seconds(10))
    #expect(store.value == [.value(1), .value(2), .value(3)])
    #expect(sawCancellation.withValue { $0 })
    #expect(task.isCancelled)
  }

  @Test("An operation that ignores cancellation and sends anyway: what it sends after is dropped")
  func sendAfterCancellationIsDropped() async {
    let gate = Gate()
    let firstSent = Gate()
    let store = makeStore(
      .run { send in
        await send(.value(1))
        firstSent.open()
        await gate.wait()
        await send(.value(2))
      })
    let task = store.send(.start)
    await firstSent.wait()
    store.send(.stop)
    gate.open()
    await task.finish()
    #expect(store.value == [.value(1)])
  }

  @Test("A Send that escapes its operation delivers nothing once the effect has ended")
  func sendAfterEndIsDropped() async {
    let escaped = LockedValue<Send<RunAction>?>(nil)
    let store = makeStore(
      .run { send in
        escaped.withValue { $0 = send }
        await send(.value(1))
      })
    // The app's store would write the late send's report to standard error: kept to be read here.
    let reports = LockedValue<[String]>([])
    store.registry.runErrorReporter = { report in reports.withValue { $0.append(report.message) } }
    await store.send(.start).finish()
    await escaped.withValue { $0 }?(.value(2))
    #expect(store.value == [.value(1)])
    #expect(reports.withValue { $0.map { $0.contains("after its operation had returned") } } == [true])
  }

  @Test("An error with no catch handler is reported, naming the output type and where the effect was written")
  func unhandledErrorIsReported() async {
    let messages = LockedValue<[String]>([])
    let store = makeStore(.run { _ in throw RunFailure() })
    store.registry.runErrorReporter = { report in messages.withValue { $0.append(report.message) } }
    let task = store.send(.start)
    await task.finish()
    let reported = messages.withValue { $0 }
    #expect(reported.count == 1)
    #expect(reported.first?.contains("RunAction") == true)
    #expect(reported.first?.contains("RunEffectTests.swift") == true)
    #expect(reported.first?.contains("the disk is full") == true)
    #expect(reported.first?.contains("catch:") == true)
  }

  @Test("A CancellationError is never reported")
  func cancellationIsNotReported() async {
    let messages = LockedValue<[String]>([])
    let store = makeStore(.run { _ in throw CancellationError() })
    store.registry.runErrorReporter = { report in messages.withValue { $0.append(report.message) } }
    let task = store.send(.start)
    await task.finish()
    #expect(messages.withValue { $0 }.isEmpty)
  }

  @Test("A catch handler turns the error into actions")
  func catchHandlerSends() async {
    let store = makeStore(
      .run { send in
        await send(.value(1))
        throw RunFailure()
      } catch: { error, send in
        await send(.failed("\(error)"))
      })
    await store.send(.start).finish()
    #expect(store.value == [.value(1), .failed("the disk is full")])
  }

  @Test("A store that goes away cancels a run that would never end")
  func storeReleaseCancelsTheTask() async {
    let clock = TestClock()
    let cancelled = Gate()
    let started = Gate()
    var store: Store<[RunAction], RunAction>? = makeStore(
      .run { _ in
        started.open()
        do {
          try await clock.sleep(for: .seconds(3600))
        } catch {
          cancelled.open()
        }
      })
    store?.send(.start)
    await started.wait()
    store = nil
    // Returns only once the operation saw its sleep cancelled.
    await cancelled.wait()
    await clock.advance()
    #expect(clock.sleeperCount == 0)
  }

  @Test(".task is a .run that sends one output")
  func taskIsSugarForRun() async {
    let store = makeStore(.task { .value(42) })
    await store.send(.start).finish()
    #expect(store.value == [.value(42)])
  }
  @Test("A run that never ends is released with its store: the task ends, and what it held goes")
  func neverEndingRunIsReleased() async {
    let clock = TestClock()
    let started = Gate()
    weak var weakHeld: Held?
    do {
      let held = Held()
      weakHeld = held
      let store = makeStore(
        .run { _ in
          started.open()
          while true {
            try await clock.sleep(for: .seconds(1))
            withExtendedLifetime(held) {}
          }
        })
      store.send(.start)
      await started.wait()
    }
    // The store went at the end of the scope; its run's task ends soon after, on another thread.
    #expect(await waitUntil { weakHeld == nil })
    #expect(clock.sleeperCount == 0)
  }

  @Test("A run is an effect like any other: merged with another, and concatenated before a .send")
  func composes() async {
    let store = makeStore(
      .concatenate(
        .merge(
          .run { send in await send(.value(1)) },
          .run { send in await send(.value(1)) }),
        .send(.value(2))))
    await store.send(.start).finish()
    #expect(store.value == [.value(1), .value(1), .value(2)])
  }
}

/// Something a run holds, to watch it go.
private final class Held: Sendable {}
