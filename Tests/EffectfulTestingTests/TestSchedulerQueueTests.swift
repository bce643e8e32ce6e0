import Effectful
import EffectfulEffectTestSupport
import EffectfulTesting
import Testing

/// The test scheduler's queue: the documented order, and work that grows as n log n, never n².
/// Counted in the queue's own steps, so it holds on a loaded machine. (Issue 10, item 4.)
@Suite struct TestSchedulerQueueTests {
  /// Schedules `count` one-shot pieces of work at scattered deadlines, cancels every third, runs the
  /// rest, and returns the queue's steps.
  func stepsToScheduleCancelAndRun(_ count: Int) -> Int {
    let scheduler = TestScheduler()
    var handles: [ScheduledWork] = []
    for index in 0..<count {
      // A fixed scramble of deadlines: (index × 7919) mod count milliseconds.
      let delay = Duration.milliseconds((index * 7919) % count)
      handles.append(scheduler.schedule(after: delay) {})
    }
    for index in stride(from: 0, to: count, by: 3) { handles[index].cancel() }
    scheduler.run()
    #expect(scheduler.scheduledCount == 0)
    return scheduler.queueSteps
  }

  @Test func fourTimesTheWorkTakesUnderFiveTimesTheSteps() {
    let small = stepsToScheduleCancelAndRun(2_000)
    let large = stepsToScheduleCancelAndRun(8_000)
    // n log n gives about 4.7×; scanning the whole queue per item gave 16×.
    #expect(large < 5 * small, "2,000 items: \(small) steps; 8,000 items: \(large) steps")
    // And O(log n) per item outright: at most 4 × log2(8,000) ≈ 52 steps each.
    #expect(large < 8_000 * 52, "\(large) steps for 8,000 items")
    testLog("TestScheduler queue steps: 2,000 items \(small), 8,000 items \(large)")
  }

  @Test func equalDeadlinesRunInSchedulingOrderAndRepeatingWorkKeepsItsPlace() {
    let scheduler = TestScheduler()
    let order = LockedValue<[String]>([])
    let tick = scheduler.schedule(after: .seconds(1), every: .seconds(1)) {
      order.withValue { $0.append("tick at \(scheduler.now)") }
    }
    scheduler.schedule(after: .seconds(2)) { order.withValue { $0.append("b at \(scheduler.now)") } }
    scheduler.schedule(after: .seconds(1)) { order.withValue { $0.append("a at \(scheduler.now)") } }
    let dropped = scheduler.schedule(after: .seconds(1)) { order.withValue { $0.append("dropped") } }
    dropped.cancel()
    scheduler.advance(by: .seconds(2))
    tick.cancel()
    scheduler.run()
    #expect(
      order.withValue { $0 } == [
        "tick at 1.0 seconds", "a at 1.0 seconds", "tick at 2.0 seconds", "b at 2.0 seconds",
      ])
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func cancellingManyKeepsTheQueueSmall() {
    let scheduler = TestScheduler()
    for _ in 0..<10_000 {
      scheduler.schedule(after: .seconds(3600)) {}.cancel()
    }
    #expect(scheduler.scheduledCount == 0)
    // Dead entries are dropped as they come to outnumber the live ones: linear in all.
    #expect(scheduler.queueSteps < 10 * 10_000, "\(scheduler.queueSteps) steps")
  }
}
