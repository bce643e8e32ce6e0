import Foundation
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The screen in a pseudo-terminal, issue 30: a cut title says so, Enter dismisses every message,
/// the command line edits at its cursor, a count too large says so, saved favorites are there at
/// start, and Ctrl-Z gives the terminal back until the program is continued.
@Suite("prime-time, the screen round three", .serialized, .timeLimit(.minutes(2)))
final class PrimeTimeScreenRoundThreeTests {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("prime-time-screen3-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  var favoritesPath: String { directory.appendingPathComponent("f.json").path }

  func start(favorites: String? = nil) throws -> TerminalProgram {
    let terminal = try TerminalProgram(
      "prime-time", arguments: ["--favorites", favorites ?? favoritesPath], rows: 24, columns: 80)
    #expect(terminal.waitForFrame(within: .seconds(20)) { $0.contains("PrimeTime") }, "no screen")
    return terminal
  }

  func bottomLine(_ frame: String) -> String {
    String(frame.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
      .trimmingCharacters(in: .whitespaces)
  }

  /// The bottom line of the last frame in `output`, and the character the command line's cursor
  /// is drawn on (in inverse) there.
  func commandLine(in output: String) -> (text: String, cursor: Character?) {
    let frame = output.components(separatedBy: "\u{1B}[H").last ?? ""
    return (
      bottomLine(TerminalProgram.lastFrame(in: output)),
      frame.components(separatedBy: "\u{1B}[7m").last?.first
    )
  }

  @Test("A title cut at 80 columns ends in an ellipsis")
  func cutTitleSaysSo() throws {
    let deep = directory.appendingPathComponent(String(repeating: "a-long-directory-name/", count: 3))
    let terminal = try start(favorites: deep.appendingPathComponent("favorites.json").path)
    defer { terminal.terminate() }
    let title = terminal.lastFrame.split(separator: "\n").first.map(String.init) ?? ""
    #expect(title.count == 80 && title.hasSuffix("…"), "\(title)")
  }

  @Test("Enter dismisses the favorites' status too; a new save says it again")
  func enterDismissesTheStatus() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    terminal.type("s")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) { $0.contains("info: Saved") }, "\(terminal.lastFrame)")
    terminal.type("\r")
    #expect(terminal.waitForFrame(within: .seconds(10)) { !$0.contains("info:") }, "\(terminal.lastFrame)")
    terminal.type("s")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) { $0.contains("info: Saved") }, "\(terminal.lastFrame)")
  }

  @Test("The command line inserts at its cursor, which Left and Right move")
  func commandLineCursor() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    // Left twice puts the cursor on the 2, the 1 goes before it, and Right twice goes to the end.
    terminal.type(":count 25\u{1B}[D\u{1B}[D1\u{1B}[C\u{1B}[C")
    #expect(
      terminal.waitForOutput(within: .seconds(10)) { self.commandLine(in: $0) == (":count 125", " ") },
      "\(terminal.lastFrame)")
    terminal.type("\r")
    #expect(terminal.waitForFrame(within: .seconds(10)) { $0.contains("  125") }, "\(terminal.lastFrame)")
  }

  @Test("Ctrl-D deletes under the cursor on a line being typed, and quits only on an empty one")
  func controlDOnTheCommandLine() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    terminal.type(":count 7123\u{1B}[D\u{1B}[D\u{1B}[D\u{1B}[D\u{04}")
    #expect(
      terminal.waitForOutput(within: .seconds(10)) { self.commandLine(in: $0) == (":count 123", "1") },
      "\(terminal.lastFrame)")
    terminal.type("\r")
    #expect(terminal.waitForFrame(within: .seconds(10)) { $0.contains("  123") }, "\(terminal.lastFrame)")
    terminal.type(":\u{04}")
    #expect(terminal.waitForExit(within: .seconds(10)) == 0)
  }

  @Test("A count too large for a whole number says so, not that it is not a number")
  func countTooLarge() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    terminal.type(":count 99999999999999999999999\r")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) {
        $0.contains("too large") && $0.contains("9223372036854775807")
      },
      "\(terminal.lastFrame)")
    terminal.type(":count -99999999999999999999999\r")
    #expect(terminal.waitForFrame(within: .seconds(10)) { $0.contains("too small") }, "\(terminal.lastFrame)")
  }

  @Test("The favorites saved last time are on the screen at start")
  func savedFavoritesLoadAtStart() throws {
    try Data("[2, 3]\n".utf8).write(to: URL(fileURLWithPath: favoritesPath))
    let terminal = try start()
    defer { terminal.terminate() }
    #expect(
      terminal.waitForFrame(within: .seconds(10)) {
        $0.contains("Favorite primes: 1. 2  2. 3") && $0.contains("Loaded 2 favorite primes")
      }, "\(terminal.lastFrame)")
  }

  #if os(Linux)  // where /proc tells a stopped process
    @Test("Ctrl-Z restores the terminal before it stops; continued, raw mode and the whole screen are back")
    func controlZSuspendsAndResumes() throws {
      let terminal = try start()
      defer { terminal.terminate() }
      terminal.type("+")
      #expect(terminal.waitForFrame(within: .seconds(10)) { $0.contains("1st prime") })
      let before = terminal.rawOutput.count
      terminal.type("\u{1A}")
      // Bracketed paste off, the cursor shown, the user's screen back: the shell's terminal.
      #expect(
        terminal.waitForOutput(within: .seconds(10)) {
          $0.dropFirst(before).contains("\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l")
        }, "Ctrl-Z did not give the terminal back")
      // Continued only once stopped: a SIGCONT that came first would be lost.
      #expect(terminal.waitUntilStopped(within: .seconds(10)), "Ctrl-Z did not stop the program")
      #expect(terminal.isCooked == true, "the terminal was left raw for the shell")
      let stopped = terminal.rawOutput.count
      terminal.send(SIGCONT)
      #expect(
        terminal.waitForOutput(within: .seconds(10)) {
          let after = String($0.dropFirst(stopped))
          return after.hasPrefix("\u{1B}[?1049h") && TerminalProgram.lastFrame(in: after).contains("q quit")
        }, "no full redraw after the stop")
      #expect(terminal.isCooked == false, "raw mode is not back")
      terminal.type("+")
      #expect(
        terminal.waitForFrame(within: .seconds(10)) { $0.contains("2nd prime") }, "\(terminal.lastFrame)")
    }
  #endif
}
