import Effectful
import Testing

@Suite("Clocks: timer(interval:) and ImmediateClock")
struct ClockTimerTests {
  @Test("ImmediateClock returns at once and moves its time by what was slept")
  func immediateClockAdvances() async throws {
    let clock = ImmediateClock()
    let start = clock.now
    try await clock.sleep(for: .seconds(3))
    try await clock.sleep(until: start.advanced(by: .seconds(1)))  // in the past: time stays
    #expect(start.duration(to: clock.now) == .seconds(3))
  }

  @Test("ImmediateClock throws in a cancelled task")
  func immediateClockChecksCancellation() async {
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await ImmediateClock().sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test("A timer ticks at start + k × interval, on a clock held as any Clock<Duration>")
  func ticksOnTheGrid() async {
    let clock: any Clock<Duration> = ImmediateClock()
    var ticks: [Duration] = []
    for await elapsed in clock.timer(interval: .milliseconds(250)) {
      ticks.append(elapsed)
      if ticks.count == 4 { break }
    }
    #expect(ticks == [.milliseconds(250), .milliseconds(500), .milliseconds(750), .seconds(1)])
  }

  @Test("A consumer that falls behind gets no burst: missed ticks are skipped, the next stays on the grid")
  func skipsMissedTicks() async throws {
    let clock = ImmediateClock()
    var iterator = clock.timer(interval: .seconds(1)).makeAsyncIterator()
    #expect(await iterator.next() == .seconds(1))
    try await clock.sleep(for: .milliseconds(2_500))  // now 3.5 s after the start
    #expect(await iterator.next() == .seconds(4))
    try await clock.sleep(for: .seconds(1))  // now exactly 5 s: that tick is due, not missed
    #expect(await iterator.next() == .seconds(5))
  }

  @Test("A timer ends when its task is cancelled")
  func endsOnCancellation() async {
    let task = Task {
      var count = 0
      for await _ in ContinuousClock().timer(interval: .seconds(3600)) { count += 1 }
      return count
    }
    task.cancel()
    #expect(await task.value == 0)
  }
}
