import Effectful
import EffectfulTesting
import Testing

/// Misusing the test scheduler fails the test that did it, with advice, and leaves the scheduler as it
/// was; it never stops the test process.
@Suite struct TestSchedulerMisuseTests {
  @Test func advancingByANegativeDurationFailsTheTestAndRunsNothing() {
    let scheduler = TestScheduler()
    let ran = LockedValue(false)
    scheduler.schedule(after: .zero) { ran.withValue { $0 = true } }
    withKnownIssue {
      scheduler.advance(by: .seconds(-1))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("time cannot go backwards. Advance by a positive") }
    }
    #expect(!ran.withValue { $0 })
    #expect(scheduler.now == SchedulerInstant(sinceOrigin: .zero))
    scheduler.advance()
    #expect(ran.withValue { $0 })
  }
}
