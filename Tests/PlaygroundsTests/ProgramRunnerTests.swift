import Foundation
import Testing

/// The harness itself: a program that hangs must not hang the tests.
@Suite("ProgramRunner")
struct ProgramRunnerTests {
  @Test("A program still running at its time limit is killed, and the run says so")
  func hungProgramIsKilled() async throws {
    let started = ContinuousClock.now
    let run = try await ProgramRunner.run("prime-time", input: "wait 600\n", timeout: .seconds(1))
    #expect(run.timedOut, "\(run)")
    #expect(run.status != 0, "\(run)")
    // Killed long before the program's own 600 s: the bound leaves room for a loaded machine (a run
    // under the thread sanitizer with both cores busy took over 30 s).
    #expect(ContinuousClock.now - started < .seconds(300), "\(run)")
  }
}
