import EffectfulEffectTestSupport
import Foundation
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The app's file rules and scripted mode, end to end, in a directory of the test's own: what a save
/// or a load does with paths that are not regular files, with bad contents, with no file at all; and
/// a script whose input stays open, or runs to a million lines.
@Suite("prime-time, files and scripts", .serialized, .timeLimit(.minutes(3)))
final class PrimeTimeSafetyTests {
  let directory: URL
  let favoritesPath: String

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("prime-time-safety-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    favoritesPath = directory.appendingPathComponent("favorite-primes.json").path
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  func primeTime(_ input: String, timeout: Duration = .seconds(30)) async throws -> ProgramRun {
    try await ProgramRunner.run(
      "prime-time", arguments: ["--favorites", favoritesPath], input: input,
      environment: ["XDG_DATA_HOME": directory.appendingPathComponent("data").path], timeout: timeout)
  }

  /// What `path` is, without following a link.
  func kind(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
  }

  @Test("Saving to a named pipe is refused with an error naming it; the pipe stays a pipe")
  func saveToANamedPipe() async throws {
    #expect(mkfifo(favoritesPath, 0o600) == 0)
    let run = try await primeTime("+\n+\nfav\nsave\nquit\n")
    #expect(!run.timedOut, "\(run)")
    let error = run.lines(after: "save").first { $0.hasPrefix("error: ") }
    #expect(error?.contains(favoritesPath) == true, "\(run)")
    #expect(error?.contains("named pipe") == true, "\(run)")
    // The feature says what is wrong; the app, how its options fix it.
    #expect(error?.hasSuffix("Choose a regular file with --favorites PATH.") == true, "\(run)")
    #expect(!run.output.contains("Saved"), "\(run)")
    #expect(kind(favoritesPath) == S_IFIFO)
  }

  @Test("Saving through a link to a named pipe is refused; the link and the pipe are kept")
  func saveThroughALinkToANamedPipe() async throws {
    let pipe = directory.appendingPathComponent("pipe").path
    #expect(mkfifo(pipe, 0o600) == 0)
    #expect(symlink(pipe, favoritesPath) == 0)
    let run = try await primeTime("+\n+\nfav\nsave\nquit\n")
    #expect(
      run.lines(after: "save").contains { $0.hasPrefix("error: ") && $0.contains("named pipe") }, "\(run)")
    #expect(kind(favoritesPath) == S_IFLNK)
    #expect(kind(pipe) == S_IFIFO)
  }

  @Test("Loading a named pipe with no writer is refused at once, and the app goes on")
  func loadANamedPipe() async throws {
    #expect(mkfifo(favoritesPath, 0o600) == 0)
    let run = try await primeTime("+\n+\nfav\nload\n+\nquit\n")
    #expect(!run.timedOut, "the load hung:\n\(run)")
    #expect(
      run.lines(after: "load").contains { $0.hasPrefix("error: ") && $0.contains("named pipe") }, "\(run)")
    #expect(run.counts.last == 3, "\(run)")
  }

  @Test("Entries that are not distinct primes are reported and the list in memory is kept")
  func loadRejectsWhatIsNotAFavoritePrime() async throws {
    try Data("[4, 6, 8, -1, 0, 2, 2]".utf8).write(to: URL(fileURLWithPath: favoritesPath))
    let run = try await primeTime("+\n+\nfav\nload\nquit\n")
    let error = run.lines(after: "load").first { $0.hasPrefix("error: ") } ?? ""
    for problem in [
      "4 is not a prime", "-1 is out of range", "0 is out of range", "2 appears more than once",
    ] {
      #expect(error.contains(problem), "\(problem):\n\(run)")
    }
    #expect(run.lines(after: "load").last?.contains("favorites: [2]") == true, "\(run)")
  }

  @Test("A file over 1 MB is refused unread, saying so")
  func loadRefusesALargeFile() async throws {
    try Data(("[" + String(repeating: " ", count: 1_000_001) + "2]").utf8)
      .write(to: URL(fileURLWithPath: favoritesPath))
    let run = try await primeTime("load\nquit\n")
    #expect(run.lines(after: "load").contains { $0.hasPrefix("error: ") && $0.contains("1 MB") }, "\(run)")
  }

  @Test("Loading with nothing saved keeps the favorites in memory")
  func loadWithNothingSaved() async throws {
    let run = try await primeTime("+\n+\nfav\n+\nfav\nload\nquit\n")
    #expect(run.lines(after: "load").contains { $0.contains("No saved favorite primes") }, "\(run)")
    #expect(run.lines(after: "load").last?.contains("favorites: [2, 3]") == true, "\(run)")
  }

  @Test("Escape sequences typed or in a path are shown, never sent to the terminal")
  func controlCharactersAreMadeVisible() async throws {
    let hostile = directory.appendingPathComponent("x\u{1B}[2J\u{9B}y.json").path
    let run = try await ProgramRunner.run(
      "prime-time", arguments: ["--favorites", hostile],
      input: "\u{1B}]0;pwned\u{07}jump\nhelp\nload\nquit\n")
    #expect(!run.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(run)")
    #expect(!run.output.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) }, "\(run)")
    #expect(run.output.contains(#"\u{1B}]0;pwned\u{7}jump"#), "\(run)")
    #expect(run.output.contains(#"x\u{1B}[2J\u{9B}y.json"#), "\(run)")
  }

  @Test("With stdin open and idle, the timer ticks and every line is printed as it happens")
  func scriptedModeWithIdleInput() throws {
    let program = try InteractiveProgram(
      "prime-time", arguments: ["--favorites", favoritesPath],
      environment: ["XDG_DATA_HOME": directory.appendingPathComponent("data").path])
    defer { program.terminate() }
    program.write("timer\n")
    // Two ticks with no input at all: the reader sits in readLine all along.
    let tick = program.waitForLine(within: .seconds(30)) { $0.hasPrefix("count: 2") }
    #expect(tick != nil, "no tick arrived while stdin was open:\n\(program.lines.joined(separator: "\n"))")
    program.write("quit\n")
    #expect(program.waitForExit(within: .seconds(30)) == 0)
  }

  @Test("A million queued lines run in linear time")
  func aMillionLines() async throws {
    // Comments print nothing, so this measures the queue, not the terminal. Quadratic removal took
    // minutes for a million; linear takes seconds even in a debug build on a busy machine. The
    // million is CI's (`EFFECTFUL_SOAK=1`): it costs five seconds of CPU, and a tenth of it still
    // checks that a long script runs to its end. `LineQueueTests` counts the queue's work in every
    // run, so a quadratic queue fails there without the million.
    let lines = soakRounds(1_000_000, brief: 100_000)
    let input = String(repeating: "#\n", count: lines) + "+\nquit\n"
    let run = try await primeTime(input, timeout: .seconds(120))
    #expect(!run.timedOut, "\(lines) lines did not finish in 2 minutes")
    #expect(run.status == 0)
    #expect(run.counts == [1], "\(run.lines.suffix(5))")
  }
}
