import Effectful
@testable import EffectfulTesting
import Foundation
import Testing

/// Which world a clock or store joins: the one its task made, and never the world of a task that
/// has ended, even when a new task is given the ended task's address.
@Suite("Virtual worlds: one per task, never found again by a reused task address")
struct VirtualWorldIdentityTests {
  @Test("A clock made in a new task never runs the work of a clock made in a task that ended")
  func aFinishedTasksWorldIsNeverJoinedAgain() async {
    // A clock outlives the task that made it, with work due now in its world.
    let kept = await Task { TestClock() }.value
    let ran = LockedValue(0)
    kept.schedule { ran.withValue { $0 += 1 } }
    // Tasks made one after another are given the same address again and again: before, one of
    // them found the ended task's world by that address, and its advance ran the kept clock's work.
    for _ in 0..<20 {
      await Task { @MainActor in
        let clock = TestClock()
        await clock.advance()
      }.value
    }
    #expect(ran.withValue { $0 } == 0)
    await kept.advance()
    #expect(ran.withValue { $0 } == 1)
  }
}
