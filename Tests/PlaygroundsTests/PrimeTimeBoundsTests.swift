import Foundation
import Testing

/// Line mode at the ends: counts whose nth prime is out of reach, the largest and smallest
/// count, and errors that are followed by the state like every command's output.
@Suite("prime-time, bounds", .serialized, .timeLimit(.minutes(2)))
final class PrimeTimeBoundsTests {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("prime-time-bounds-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  func primeTime(_ input: String) async throws -> ProgramRun {
    let run = try await ProgramRunner.run(
      "prime-time", arguments: ["--favorites", directory.appendingPathComponent("f.json").path],
      input: input, timeout: .seconds(15))
    #expect(!run.timedOut && run.status == 0, "\(run)")
    return run
  }

  @Test("nth on the largest count ends at once with an error that says why")
  func nthOfTheLargestCount() async throws {
    let run = try await primeTime("count 9223372036854775807\nnth\n")
    let error = run.lines.first { $0.hasPrefix("error: ") }
    #expect(error?.contains("beyond this search's reach") == true, "\(run)")
    #expect(error?.contains("larger than 9,223,372,036,854,775,807") == true, "\(run)")
    #expect(run.lines.last?.hasPrefix("count: 9223372036854775807") == true, "\(run)")
  }

  @Test("nth just past the reach answers with an estimate")
  func nthJustPastTheReach() async throws {
    let run = try await primeTime("count 1_000_000_001\nnth\n")
    let error = run.lines.first { $0.hasPrefix("error: ") }
    #expect(error?.contains("it is about 22,754,522,") == true, "\(run)")
  }

  @Test("+ at the largest count and - at the smallest say why nothing changed")
  func countAtItsEnds() async throws {
    let run = try await primeTime("count 9223372036854775807\n+\ncount -9223372036854775808\n-\n")
    #expect(run.lines(after: "+").first?.hasPrefix("error: The count is at its largest") == true, "\(run)")
    #expect(run.lines(after: "-").first?.hasPrefix("error: The count is at its smallest") == true, "\(run)")
    #expect(run.lines(after: "-").last?.hasPrefix("count: -9223372036854775808") == true, "\(run)")
  }

  @Test("A line that is not a command gets its error, then the state line")
  func unparsableLineEndsWithTheState() async throws {
    let run = try await primeTime("+\nwait 5000\njump\n")
    #expect(run.lines(after: "wait 5000").count == 2, "\(run)")
    #expect(run.lines(after: "wait 5000").last?.hasPrefix("count: 1") == true, "\(run)")
    #expect(run.lines(after: "jump").last?.hasPrefix("count: 1") == true, "\(run)")
  }
}
