import Dispatch
import Effectful
@testable import EffectfulTesting
import Testing

/// A plain store's `finish()` awaited outside the test's own task (a task group racing it against
/// real time, an `async let`, a `Task {}` the test awaits) cannot tell whether the test will still
/// advance the clock, so it waits; `finish(timeout:)` bounds that wait with a failure that names the
/// advance to write. (Issue 36, items 3 and 17: plain `finish()` racing a real-time sleep in a task
/// group lost the race, and nothing bounded it.)
///
/// The real-time bounds here are safety bounds: a test that reaches one fails.
@MainActor
@Suite("A plain store's finish() outside the test's own task")
struct FinishOutsideTheTestsTaskTests {
  private static let safetyBound = Duration.seconds(60)
  /// Long enough for nothing, short enough to keep the test quick: what the test asks for, not
  /// something it relies on to pass.
  private static let shortTimeout = Duration.milliseconds(100)

  /// Expects one failure, of a timed `finish` in a child task, that names the advance to write.
  private static func expectNamesTheAdvance(
    _ failures: [CollectedFailure], timeout: String = ".milliseconds(100)"
  ) {
    #expect(failures.count == 1, "\(failures)")
    let message = failures.first?.message ?? ""
    #expect(message.contains("StoreTask.finish(timeout: \(timeout))"), "\(message)")
    #expect(message.contains("`await clock.advance(by: .seconds(2))`"), "\(message)")
  }

  @Test("Racing real time in a task group, finish(timeout:) comes first and names the advance")
  func taskGroupRace() async {
    let clock = TestClock()
    let store = Sleeper.store(clock)
    let task = store.send(0)
    var finished: Bool?
    let failures = await collectingFailures {
      finished = await withTaskGroup(of: Bool?.self) { group in
        group.addTask { await task.finish(timeout: Self.shortTimeout) }
        group.addTask {
          try? await Task.sleep(for: Self.safetyBound)
          return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
      }
    }
    // Before, plain `finish()` was the only form, and it waited until the race was lost.
    #expect(finished == false)
    Self.expectNamesTheAdvance(failures)
    // The effects go on after the timeout: the advance it named ends them.
    #expect(store.value == 0)
    await clock.advance(by: .seconds(2))
    #expect(store.value == 1)
    #expect(await task.finish(timeout: Self.safetyBound))
  }

  @Test("In an async let, finish(timeout:) names the advance")
  func asyncLet() async {
    let clock = TestClock()
    let store = Sleeper.store(clock)
    let task = store.send(0)
    let failures = await collectingFailures {
      async let finished = task.finish(timeout: Self.shortTimeout)
      #expect(await finished == false)
    }
    Self.expectNamesTheAdvance(failures)
    await clock.advance(by: .seconds(2))
    #expect(store.value == 1)
  }

  @Test("In a Task {} the test awaits, finish(timeout:) names the advance")
  func unstructuredTask() async {
    let clock = TestClock()
    let store = Sleeper.store(clock)
    let task = store.send(0)
    let failures = await collectingFailures {
      let view = Task { await task.finish(timeout: Self.shortTimeout) }
      #expect(await view.value == false)
    }
    Self.expectNamesTheAdvance(failures)
    await clock.advance(by: .seconds(2))
    #expect(store.value == 1)
  }

  @Test("A timeout that passes before anybody looked still names the advance: it settles first")
  func timeoutBeforeTheEffectReachedTheClock() async {
    let clock = TestClock()
    // Five hops of the main queue, each queued once the one before has run, before the sleep.
    let store = Store<Int, Int>(initialValue: 0) { count, action in
      count += action
      guard action == 0 else { return [] }
      return [
        .run { send in
          for _ in 0..<5 {
            await withCheckedContinuation { continuation in
              DispatchQueue.main.async { continuation.resume() }
            }
          }
          try await clock.sleep(for: .seconds(2))
          await send(1)
        }
      ]
    }
    let task = store.send(0)
    // The main queue is busy (as other tests keep it, under load) while the timeout passes: the
    // effect's hops wait behind this block until a failure is reported, or for 50 ms.
    // Before, the report came as the timeout passed, the effect still hopping, and said that
    // nothing waited on a TestClock (the fixture met it under load, with a 100 ms timeout).
    let collected = CollectedFailures()
    DispatchQueue.main.async {
      let until = ContinuousClock.now.advanced(by: .milliseconds(50))
      while collected.failures.withValue(\.isEmpty), ContinuousClock.now < until {}
    }
    let finished = await Task.detached {
      await CollectedFailures.$current.withValue(collected) { await task.finish(timeout: .zero) }
    }.value
    #expect(finished == false)
    Self.expectNamesTheAdvance(collected.failures.withValue { $0 }, timeout: ".seconds(0)")
    await clock.advance(by: .seconds(2))
    #expect(store.value == 1)
  }

  @Test("Awaited outside the test's task, finish waits while the test advances the clock")
  func waitsWhileTheTestAdvances() async {
    let clock = TestClock()
    let store = Sleeper.store(clock)
    let failures = await collectingFailures {
      // An async let.
      let first = store.send(0)
      async let plain: Void = first.finish()
      async let timed = first.finish(timeout: Self.safetyBound)
      await clock.advance(by: .seconds(2))
      await plain
      #expect(await timed)
      // A child task of a task group, the test advancing before it waits for the group.
      let second = store.send(0)
      await withTaskGroup(of: Void.self) { group in
        group.addTask { await second.finish() }
        group.addTask { #expect(await second.finish(timeout: Self.safetyBound)) }
        await clock.advance(by: .seconds(2))
        await group.waitForAll()
      }
      // A Task {}.
      let third = store.send(0)
      let view = Task { await third.finish(timeout: Self.safetyBound) }
      await clock.advance(by: .seconds(2))
      #expect(await view.value)
    }
    #expect(failures.isEmpty, "\(failures)")
    #expect(store.value == 3)
  }

  @Test("The test's own finish(timeout:) fails at once when only an advance could end the effects")
  func ownTaskFailsAtOnce() async {
    let clock = TestClock()
    let store = Sleeper.store(clock)
    let task = store.send(0)
    var finished: Bool?
    // The safety bound is the timeout: reaching it would mean it waited instead of failing.
    let failures = await collectingFailures { finished = await task.finish(timeout: Self.safetyBound) }
    #expect(finished == false)
    #expect(failures.count == 1, "\(failures)")
    let message = failures.first?.message ?? ""
    #expect(message.contains("`await clock.advance(by: .seconds(2))`"), "\(message)")
    await clock.advance(by: .seconds(2))
    #expect(await task.finish(timeout: Self.safetyBound))
    #expect(store.value == 1)
    // A send that started no effects has nothing to wait for.
    #expect(await store.send(5).finish(timeout: .zero))
  }

  @Test("Cancelling the task awaiting finish(timeout:) cancels the effects, and it returns true")
  func cancellingTheWaiter() async {
    let clock = TestClock()
    let store = Sleeper.store(clock)
    let task = store.send(0)
    let view = Task { await task.finish(timeout: Self.safetyBound) }
    view.cancel()
    #expect(await view.value)
    #expect(task.isCancelled)
    #expect(store.value == 0)
  }

  @Test("In an app (no virtual time), finish(timeout:) returns false without a failure")
  func appStoreTimesOut() async {
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    let store = Store<Int, Int>(initialValue: 0) { count, action in
      count += action
      return action == 0 ? [.run { send in for await value in stream { await send(value) } }] : []
    }
    let task = store.send(0)
    let failures = await collectingFailures {
      #expect(await task.finish(timeout: Self.shortTimeout) == false)
    }
    #expect(failures.isEmpty, "\(failures)")
    continuation.finish()
    #expect(await task.finish(timeout: Self.safetyBound))
  }
}
