import Effectful
@testable import EffectfulTesting
import Testing

/// Misusing the test scheduler fails the test that did it, with advice, and leaves the scheduler as it
/// was; it never stops the test process. Failures are collected (`collectingFailures`), not recorded
/// as known issues, so a passing run reads as passing.
@Suite struct TestSchedulerMisuseTests {
  @Test func advancingByANegativeDurationFailsTheTestAndRunsNothing() {
    let scheduler = TestScheduler()
    let ran = LockedValue(false)
    scheduler.schedule(after: .zero) { ran.withValue { $0 = true } }
    let line: UInt = #line + 1
    let failures = collectingFailures { scheduler.advance(by: .seconds(-1)) }
    #expect(failures.map(\.line) == [line])
    #expect(failures.allSatisfy { $0.message.contains("time cannot go backwards. Advance by a positive") })
    #expect(!ran.withValue { $0 })
    #expect(scheduler.now == SchedulerInstant(sinceOrigin: .zero))
    scheduler.advance()
    #expect(ran.withValue { $0 })
  }
}
