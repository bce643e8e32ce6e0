import Dispatch
import Effectful
import EffectfulEffectTestSupport
@testable import EffectfulTesting
import Testing

/// `finish()` awaited outside the test's own task (a task-group child, an `async let`, a `Task {}`)
/// gives the test a grace in real time to advance the clock: while the effects only wait on virtual
/// time and nothing moves, for a second (a test store's `timeout`), it fails naming the advance to
/// write and returns, leaving them running; any advance, or any effect waking or running, starts
/// the grace again. (Issue 36, item 17: a plain store's `finish()` racing real time in a child task
/// waited for ever; a `TestStoreTask.finish()` in an `async let` failed at once although the test
/// was about to advance.)
///
/// The real-time bounds here are safety bounds: a test that reaches one fails. The tests that let
/// the grace run out take a second each; there are few of them.
@MainActor
@Suite("finish() outside the test's own task gives the test a grace to advance")
struct FinishGivesTheTestAGraceTests {
  private static let safetyBound = Duration.seconds(60)

  /// Where the test awaits `finish()`, outside its own task.
  enum Waiter: CaseIterable, CustomTestStringConvertible {
    case taskGroupChild, asyncLet, unstructuredTask

    var testDescription: String {
      switch self {
      case .taskGroupChild: "a task-group child racing real time"
      case .asyncLet: "an async let"
      case .unstructuredTask: "a Task {} the test awaits"
      }
    }

    /// Awaits `task.finish()` here, racing the safety bound; returns whether it came first.
    func finish(_ task: StoreTask) async -> Bool {
      await withTaskGroup(of: Bool.self) { group in
        group.addTask {
          await self.awaitFinish(task)
          return true
        }
        group.addTask {
          try? await Task.sleep(for: safetyBound)
          return false
        }
        let first = await group.next() ?? false
        // A finish() that lost the race is cancelled: it cancels the effects, and returns.
        group.cancelAll()
        return first
      }
    }

    private func awaitFinish(_ task: StoreTask) async {
      switch self {
      case .taskGroupChild:
        await task.finish()
      case .asyncLet:
        async let finished: Void = task.finish()
        await finished
      case .unstructuredTask:
        let view = Task { await task.finish() }
        await withTaskCancellationHandler { await view.value } onCancel: { view.cancel() }
      }
    }
  }

  @Test(
    "Plain finish() outside the test's task names the advance once the grace runs out",
    arguments: Waiter.allCases)
  func plainFinishNamesTheAdvance(in waiter: Waiter) async {
    let clock = TestClock()
    let store = Sleeper.store(clock)
    let task = store.send(0)
    var finishedFirst = false
    let failures = await collectingFailures { finishedFirst = await waiter.finish(task) }
    // Before, it waited for an advance nobody would write: the safety bound won the race.
    #expect(finishedFirst)
    #expect(failures.count == 1, "\(failures)")
    let message = failures.first?.message ?? ""
    #expect(message.contains("StoreTask.finish(): the effects wait for virtual time"), "\(message)")
    #expect(message.contains("`await clock.advance(by: .seconds(2))`"), "\(message)")
    // It returned leaving the effects running, and the advance it named ends them.
    #expect(store.value == 0)
    #expect(!task.isWoundDown)
    await clock.advance(by: .seconds(2))
    #expect(store.value == 1)
    #expect(task.isWoundDown)
  }

  @Test("A finish() in an async let ends when the test advances from its own task")
  func asyncLetWhileTheTestAdvances() async {
    let clock = TestClock()
    let store = Sleeper.store(clock)
    let testStore = TestStore(initialValue: 0, reducer: Sleeper.reducer(clock))
    let failures = await collectingFailures {
      let task = store.send(0)
      let testTask = testStore.send(0)
      async let ended: Void = task.finish()
      // Before, this one failed at once: the effect was asleep, and nobody had advanced yet.
      async let testEnded: Void = testTask.finish()
      await clock.advance(by: .seconds(2))
      await ended
      await testEnded
      #expect(task.isWoundDown)
      await testStore.receive(1) { $0 = 1 }
    }
    #expect(failures.isEmpty, "\(failures)")
    #expect(store.value == 1)
  }

  @Test("A test store's finish() in an async let ends when the test advances from its own task")
  func testStoreFinishInAnAsyncLet() async {
    let clock = TestClock()
    let store = TestStore(initialValue: 0) { (_: inout Int, action: Int) -> [Effect<Int>] in
      action == 0 ? [.run { _ in try await clock.sleep(for: .seconds(2)) }] : []
    }
    let failures = await collectingFailures {
      store.send(0)
      async let ended: Void = store.finish()
      await clock.advance(by: .seconds(2))
      await ended
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test("Advances in a row, each within the grace, keep a finish() outside the test's task waiting")
  func advancesInARow() async {
    let clock = TestClock()
    let ticks = 6
    let ticker: @Sendable (inout Int, Int) -> [Effect<Int>] = { count, action in
      count += action
      guard action == 0 else { return [] }
      return [
        .run { send in
          for _ in 0..<ticks {
            try await clock.sleep(for: .seconds(1))
            await send(1)
          }
        }
      ]
    }
    let store = Store<Int, Int>(initialValue: 0, reducer: ticker)
    let testStore = TestStore(initialValue: 0, reducer: ticker)
    let failures = await collectingFailures {
      let task = store.send(0)
      let testTask = testStore.send(0)
      async let ended: Void = task.finish()
      async let testEnded: Void = testTask.finish()
      // The pauses add up to more than the grace; each one is well within it.
      for _ in 0..<ticks {
        try? await Task.sleep(for: .milliseconds(250))
        await clock.advance(by: .seconds(1))
      }
      await ended
      await testEnded
      for tick in 1...ticks {
        await testStore.receive(1) { $0 = tick }
      }
    }
    #expect(failures.isEmpty, "\(failures)")
    #expect(store.value == ticks)
  }

  @Test("An effect awake on real work is waited for: the grace counts only once it sleeps")
  func awakeOnRealWork() async {
    let clock = TestClock()
    let gate = Gate()
    let store = Store<Int, Int>(initialValue: 0) { count, action in
      count += action
      guard action == 0 else { return [] }
      return [
        .run { send in
          // Hops on a queue, then a continuation another thread resumes: awake, not on the clock.
          for _ in 0..<3 {
            await withCheckedContinuation { continuation in
              DispatchQueue.global().async { continuation.resume() }
            }
          }
          await gate.wait()
          try await clock.sleep(for: .seconds(2))
          await send(1)
        }
      ]
    }
    let failures = await collectingFailures {
      let task = store.send(0)
      async let ended: Void = task.finish()
      // Longer than the grace, while the effect is awake: a grace counted now would fail here.
      try? await Task.sleep(for: .milliseconds(1_500))
      gate.open()
      await clock.advance(by: .seconds(2))
      await ended
    }
    #expect(failures.isEmpty, "\(failures)")
    #expect(store.value == 1)
  }

  @Test("A test store task's finish() outside the test's task fails after the store's timeout")
  func testStoreTaskGraceRunsOut() async {
    let clock = TestClock()
    let store = TestStore(initialValue: 0, reducer: Sleeper.reducer(clock))
    // The store's own knob: how long it waits for the test to move time.
    store.timeout = .milliseconds(200)
    let task = store.send(0)
    let failures = await collectingFailures {
      await Task { await task.finish() }.value
    }
    #expect(failures.count == 1, "\(failures)")
    let message = failures.first?.message ?? ""
    #expect(message.contains("did not finish"), "\(message)")
    #expect(message.contains("`await clock.advance(by: .seconds(2))`"), "\(message)")
    await clock.advance(by: .seconds(2))
    await store.receive(1) { $0 = 1 }
  }
}
