import Foundation
import Testing

/// The harness itself: a program that hangs must not hang the tests.
@Suite("ProgramRunner")
struct ProgramRunnerTests {
  @Test("A program still running at its time limit is killed, and the run says so")
  func hungProgramIsKilled() async throws {
    let run = try await ProgramRunner.run("prime-time", input: "wait 600\n", timeout: .seconds(1))
    // Killed by the runner at its limit (the flag says so), not ended by the program's own 600 s:
    // no elapsed time asserted, which a loaded machine could stretch.
    #expect(run.timedOut, "\(run)")
    #expect(run.status != 0, "\(run)")
  }
}
