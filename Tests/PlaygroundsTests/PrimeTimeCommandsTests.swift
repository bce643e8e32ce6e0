import Foundation
import Testing

/// Line commands a user meets first: `help` with every command and alias, `count N`, decimal
/// waits only, and facts that belong to their number.
@Suite("prime-time, commands", .serialized, .timeLimit(.minutes(2)))
final class PrimeTimeCommandsTests {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("prime-time-commands-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  func primeTime(_ input: String) async throws -> ProgramRun {
    let run = try await ProgramRunner.run(
      "prime-time", arguments: ["--favorites", directory.appendingPathComponent("f.json").path], input: input)
    #expect(!run.timedOut && run.status == 0, "\(run)")
    return run
  }

  @Test("help lists every command with its aliases")
  func helpListsEverything() async throws {
    let help = try await primeTime("help\n").lines(after: "help").joined(separator: "\n")
    for word in ["count N", "favorites", "favs", "delete N", "del", "inc", "dec", "exit", "cancel", "wait"] {
      #expect(help.contains(word), "\(word) missing from:\n\(help)")
    }
  }

  @Test("count N sets the count; the fact about the old count goes")
  func countSetsAndFactsBelongToTheirNumber() async throws {
    let run = try await primeTime("count 5\nfact\nwait 0.5\n-\ncount 50_000\nquit\n")
    #expect(run.lines(after: "count 5").last?.hasPrefix("count: 5 (prime)") == true, "\(run)")
    #expect(run.lines.contains { $0.hasPrefix("fact: 5 ") }, "\(run)")
    #expect(run.counts.suffix(2) == [4, 50_000], "\(run)")
  }

  @Test("An error quotes what was typed as it was typed, case and all")
  func errorsQuoteTheLineAsTyped() async throws {
    let run = try await primeTime("count TWELVE\nDelete 1 2X\nquit\n")
    #expect(
      run.lines(after: "count TWELVE").first == "error: `count TWELVE`: expected a whole number", "\(run)")
    #expect(run.lines(after: "Delete 1 2X").first == #"error: `Delete` does not take "2X""#, "\(run)")
  }

  @Test("A count beyond the whole numbers is too large or too small, not \"not a number\"")
  func countOutOfRange() async throws {
    let run = try await primeTime("count 99999999999999999999999\ncount -9_999_999_999_999_999_999\nquit\n")
    #expect(
      run.lines(after: "count 99999999999999999999999").first
        == "error: `count 99999999999999999999999`: the number is too large: the largest is 9223372036854775807",
      "\(run)")
    #expect(
      run.lines(after: "count -9_999_999_999_999_999_999").first
        == "error: `count -9_999_999_999_999_999_999`: the number is too small: the smallest is -9223372036854775808",
      "\(run)")
  }

  @Test("wait takes decimal seconds only", arguments: ["0x10", "1e3", "inf", "nan", "-1", "."])
  func waitIsDecimal(argument: String) async throws {
    let run = try await primeTime("wait \(argument)\nquit\n")
    #expect(
      run.lines(after: "wait \(argument)").first?.hasPrefix("error: `wait \(argument)`") == true, "\(run)")
  }
}
