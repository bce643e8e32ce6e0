import Foundation
import Testing

/// Navigation in the terminal, end to end: the top screen is drawn, Esc closes it, and a screen's
/// effects end with it; line mode's `open` and `back` do the same by name.
@Suite("prime-time, navigation", .serialized, .timeLimit(.minutes(2)))
final class PrimeTimeNavigationTests {
  let directory: URL
  let favoritesPath: String

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("prime-time-navigation-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    favoritesPath = directory.appendingPathComponent("f.json").path
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  func start() throws -> TerminalProgram {
    let terminal = try TerminalProgram(
      "prime-time", arguments: ["--favorites", favoritesPath], rows: 40, columns: 100)
    #expect(
      terminal.waitForFrame(within: .seconds(20)) { $0.contains("PrimeTime") },
      "no screen: \(terminal.lastFrame.debugDescription)")
    return terminal
  }

  func primeTime(_ input: String) async throws -> ProgramRun {
    let run = try await ProgramRunner.run(
      "prime-time", arguments: ["--favorites", favoritesPath], input: input,
      environment: ["XDG_DATA_HOME": directory.appendingPathComponent("data").path])
    #expect(!run.timedOut, "prime-time hung:\n\(run)")
    return run
  }

  @Test("p presents the is-prime screen, v pushes the favorites, Esc closes each, then the counter")
  func presentPushAndEscBack() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    terminal.type("+++")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) { $0.contains("3rd prime?") }, "\(terminal.lastFrame)")
    terminal.type("p")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) {
        $0.contains("Is 3 prime? Yes.") && $0.contains("[p] Remove from favorite primes")
          && !$0.contains("3rd prime?")
      }, "\(terminal.lastFrame)")
    terminal.type("\u{1B}")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) { $0.contains("3rd prime?") && !$0.contains("Is 3 prime") },
      "\(terminal.lastFrame)")
    terminal.type("v")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) {
        $0.contains("Favorite primes: 1. 3") && $0.contains("[s] Save to disk") && !$0.contains("3rd prime?")
      }, "\(terminal.lastFrame)")
    terminal.type("\u{1B}")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) { $0.contains("3rd prime?") }, "\(terminal.lastFrame)")
    terminal.type("\u{1B}")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) {
        $0.contains("[c] Counter demo: 3") && $0.contains("[v] Favorite primes: 1 saved")
      }, "\(terminal.lastFrame)")
    terminal.type("c")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) { $0.contains("3rd prime?") }, "\(terminal.lastFrame)")
  }

  @Test("Esc on a search's screen ends the search: back on the counter, nothing is searching")
  func escEndsTheSearch() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    terminal.type("#1000000000\rn")
    #expect(
      terminal.waitForFrame(within: .seconds(20)) { $0.contains("searching [") }, "\(terminal.lastFrame)")
    terminal.type("\u{1B}")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) { $0.contains("[c] Counter demo: 1000000000") },
      "\(terminal.lastFrame)")
    terminal.type("c")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) {
        $0.contains("1000000000th prime?") && !$0.contains("searching")
      }, "\(terminal.lastFrame)")
  }

  @Test("Esc dismisses the alert before the screen under it")
  func escDismissesTheAlertFirst() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    terminal.type("+++n")
    #expect(
      terminal.waitForFrame(within: .seconds(20)) { $0.contains("The 3rd prime is 5") },
      "\(terminal.lastFrame)")
    terminal.type("\u{1B}")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) {
        !$0.contains("The 3rd prime is 5") && $0.contains("3rd prime?")
      }, "\(terminal.lastFrame)")
  }

  @Test("In line mode, `back` closing the counter stops its search: no answer ever comes")
  func backStopsTheSearchInLineMode() async throws {
    let run = try await primeTime("count 50000000\nnth\nback\nwait 2\nopen counter\nback\nback\nquit\n")
    #expect(run.status == 0, "\(run)")
    #expect(run.lines(after: "nth").first?.contains("nth prime: searching") == true, "\(run)")
    #expect(run.lines(after: "back").first?.contains("searching") == false, "\(run)")
    #expect(!run.output.contains("alert:"), "\(run)")
    // The count outlived its screen.
    #expect(run.lines(after: "open counter").first?.hasPrefix("count: 50000000") == true, "\(run)")
    #expect(
      run.lines(after: "back", occurrence: 3).first
        == "info: this is the first screen: there is nothing to go back to", "\(run)")
  }

  @Test("In line mode, a favorite saved on the is-prime screen is on the favorites screen")
  func sharedFavoritesInLineMode() async throws {
    let run = try await primeTime("+\n+\nfav\nopen favorites\nsave\nback\n+\nquit\n")
    #expect(run.status == 0, "\(run)")
    #expect(run.lines(after: "save").contains("info: Saved 1 favorite prime."), "\(run)")
    #expect(
      run.lines(after: "+", occurrence: 3).first == "count: 3 (prime) | favorites: [2] | timer: off", "\(run)"
    )
    #expect(
      FileManager.default.contents(atPath: favoritesPath).map { String(decoding: $0, as: UTF8.self) }?
        .contains("2") == true)
  }
}
