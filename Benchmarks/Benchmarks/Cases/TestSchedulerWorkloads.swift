import EffectfulTesting

/// `testScheduler.pending10k` and `testScheduler.pending40k`: one iteration schedules that many pieces
/// of one-shot work on a fresh `TestScheduler`, at deadlines scattered over a virtual second, and runs
/// them all. The two sizes check that the queue is linear in practice (n log n): four times the
/// items within five times the time. A queue that scanned every item per step took 16 times as long.
@MainActor
enum TestSchedulerWorkloads {
  static func pending(_ count: Int) -> WorkloadFactory {
    {
      // A fixed scramble of the deadlines, the same every run: (index × 7919) mod count microseconds.
      let delays = (0..<count).map { Duration.microseconds(($0 * 7919) % count) }
      return { iterations in
        for _ in 0..<iterations {
          let scheduler = TestScheduler()
          for delay in delays { scheduler.schedule(after: delay) {} }
          scheduler.run()
          blackHole(Int(scheduler.now.sinceOrigin.components.seconds))
        }
      }
    }
  }
}
