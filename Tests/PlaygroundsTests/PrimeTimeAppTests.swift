import Foundation
import Testing

/// The `prime-time` executable driven through pipes, as a script would drive it.
///
/// Each test gets a directory of its own, for the favorites file (`--favorites`) and as
/// `XDG_DATA_HOME`, so no test touches the user's data or another test's.
@Suite("prime-time, end to end", .serialized, .timeLimit(.minutes(2)))
final class PrimeTimeAppTests {
  let directory: URL
  let favoritesPath: String

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("prime-time-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    favoritesPath = directory.appendingPathComponent("favorite-primes.json").path
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// Runs prime-time offline with this test's favorites file and data directory.
  func primeTime(_ input: String, arguments: [String]? = nil) async throws -> ProgramRun {
    let run = try await ProgramRunner.run(
      "prime-time",
      arguments: arguments ?? ["--favorites", favoritesPath],
      input: input,
      environment: ["XDG_DATA_HOME": directory.appendingPathComponent("data").path])
    #expect(!run.timedOut, "prime-time hung:\n\(run)")
    return run
  }

  @Test("Asking for the 3rd prime shows the alert once the search answers")
  func nthPrimeAlert() async throws {
    let run = try await primeTime("+\n+\n+\nnth\nwait 1\nquit\n")
    #expect(run.status == 0, "\(run)")
    #expect(run.lines.contains("alert: The 3rd prime is 5"), "\(run)")
    #expect(run.lines(after: "nth").first?.hasPrefix("count: 3") == true, "\(run)")
    #expect(run.counts.last == 3, "\(run)")
  }

  @Test("The timer counts in real time while waiting, and stops when toggled off")
  func timerInRealTime() async throws {
    let run = try await primeTime("timer\nwait 2.5\ntimer\nwait 1.5\nquit\n")
    #expect(run.status == 0, "\(run)")
    let whenStopped = run.lines(after: "timer", occurrence: 2)
    let stoppedCount = try #require(ProgramRun.counts(in: whenStopped).last, "\(run)")
    // One tick a second from one second after it starts: 2 ticks in 2.5 s (3 on a slow machine).
    #expect((2...3).contains(stoppedCount), "\(run)")
    #expect(whenStopped.last?.contains("timer: off") == true, "\(run)")
    // Nothing ticks after it was stopped.
    #expect(run.counts.last == stoppedCount, "\(run)")
    #expect(run.counts == run.counts.sorted(), "\(run)")
  }

  @Test("Favorites saved in one run are loaded back in the next")
  func saveThenLoadInASecondRun() async throws {
    let first = try await primeTime("+\n+\nfav\n+\nfav\nsave\nquit\n")
    #expect(first.status == 0, "\(first)")
    #expect(first.lines.contains("info: Saved 2 favorite primes."), "\(first)")
    #expect(first.lines.contains("activity: Added 3 to the favorite primes"), "\(first)")
    #expect(try String(contentsOfFile: favoritesPath, encoding: .utf8) == "[2, 3]\n")

    let second = try await primeTime("favorites\nload\nquit\n")
    #expect(second.status == 0, "\(second)")
    #expect(second.lines(after: "favorites").last?.contains("favorites: []") == true, "\(second)")
    #expect(second.lines.contains("info: Loaded 2 favorite primes."), "\(second)")
    #expect(second.lines(after: "load").last?.contains("favorites: [2, 3]") == true, "\(second)")
  }

  @Test("The default favorites file is under XDG_DATA_HOME")
  func defaultFavoritesLocation() async throws {
    let run = try await primeTime("+\n+\nfav\nsave\nquit\n", arguments: [])
    #expect(run.status == 0, "\(run)")
    let file = directory.appendingPathComponent("data/prime-time/favorite-primes.json").path
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "[2]\n", "\(run)")
  }

  @Test("A corrupt favorites file is reported on its own line and left byte for byte")
  func corruptFavoritesFile() async throws {
    let corrupt = Data("[2, 3,\u{0}garbage".utf8)
    try corrupt.write(to: URL(fileURLWithPath: favoritesPath))

    let run = try await primeTime("+\n+\nfav\nload\n+\nquit\n")
    #expect(run.status == 0, "\(run)")
    let error = run.lines(after: "load").first { $0.hasPrefix("error: ") }
    #expect(error?.contains(favoritesPath) == true, "\(run)")
    #expect(error?.contains("left untouched") == true, "\(run)")
    // Nothing in memory was lost, and the app went on.
    #expect(run.lines(after: "load").last?.contains("favorites: [2]") == true, "\(run)")
    #expect(run.counts.last == 3, "\(run)")
    #expect(FileManager.default.contents(atPath: favoritesPath) == corrupt)
  }

  @Test("An unknown command is reported, and the app goes on")
  func unknownCommand() async throws {
    let run = try await primeTime("jump\n+\ndelete\nwait forever\n+\nquit\n")
    #expect(run.status == 0, "\(run)")
    #expect(
      run.lines(after: "jump") == [
        #"error: unknown command "jump" (type `help` for the list)"#,
        "count: 0 | favorites: [] | timer: off",
      ], "\(run)")
    #expect(run.lines(after: "delete").first?.hasPrefix("error: `delete` needs") == true, "\(run)")
    #expect(run.lines(after: "wait forever").first?.hasPrefix("error: `wait forever`") == true, "\(run)")
    #expect(run.counts == [0, 1, 1, 1, 2], "\(run)")
  }

  @Test("The end of input quits with status 0, after the answers already asked for")
  func endOfInputQuits() async throws {
    let run = try await primeTime("+\n+\n+\nnth\n")
    #expect(run.status == 0, "\(run)")
    #expect(run.lines.contains("alert: The 3rd prime is 5"), "\(run)")
    #expect(run.lines.last?.hasPrefix("count: 3") == true, "\(run)")

    let empty = try await primeTime("")
    #expect(empty.status == 0, "\(empty)")
    #expect(empty.output.isEmpty, "\(empty)")
  }

  @Test("help lists the commands and where the favorites are kept")
  func help() async throws {
    let run = try await primeTime("help\n")
    #expect(run.status == 0, "\(run)")
    #expect(run.output.contains("wait SECONDS"), "\(run)")
    #expect(run.lines.contains("favorites file: \(favoritesPath)"), "\(run)")
    #expect(run.lines.contains("environment: offline"), "\(run)")
  }

  @Test("--help prints the usage; an unknown option is refused with status 2")
  func launchOptions() async throws {
    let help = try await primeTime("", arguments: ["--help"])
    #expect(help.status == 0, "\(help)")
    #expect(help.output.hasPrefix("usage: prime-time"), "\(help)")
    // It documents what the screen and line mode do, and fits an 80-column terminal.
    let behaviours = [
      "a paste never runs keys", "2>prime-time.log", "1,000,000,000th", "a page at a time",
      "also after an error", "says why nothing", "status 130", "then the top screen",
      "a search ends with its screen",
    ]
    for behaviour in behaviours {
      #expect(help.output.contains(behaviour), "--help does not say \(behaviour)")
    }
    #expect(help.lines.allSatisfy { $0.count <= 80 }, "\(help.lines.filter { $0.count > 80 })")

    let typo = try await primeTime("", arguments: ["--lvie"])
    #expect(typo.status == 2, "\(typo)")
    #expect(typo.errorOutput.contains("unknown option --lvie"), "\(typo)")
  }

  @Test("--live without WOLFRAM_APP_ID says so, and finds nth primes offline")
  func liveWithoutAppID() async throws {
    let run = try await primeTime(
      "+\n+\n+\nnth\nwait 1\nquit\n", arguments: ["--live", "--favorites", favoritesPath])
    #expect(run.status == 0, "\(run)")
    #expect(run.errorOutput.contains("WOLFRAM_APP_ID"), "\(run)")
    #expect(run.lines.contains("alert: The 3rd prime is 5"), "\(run)")
  }

  @Test("--log writes each action and only what it changed to stderr, keeping stdout as it was")
  func logging() async throws {
    let run = try await primeTime("+\nquit\n", arguments: ["--log", "--favorites", favoritesPath])
    #expect(run.status == 0, "\(run)")
    #expect(run.errorOutput.contains("incrementButtonTapped"), "\(run)")
    #expect(run.errorOutput.contains("count: 0 → 1"), "\(run)")
    // Fields the action left alone are not printed: a diff, not the whole state.
    #expect(!run.errorOutput.contains("activityFeed"), "\(run)")
    #expect(run.lines == ["> +", "count: 1 | favorites: [] | timer: off", "> quit"], "\(run)")
  }
}
