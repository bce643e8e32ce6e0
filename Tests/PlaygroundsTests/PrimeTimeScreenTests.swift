import Foundation
import Testing

/// The interactive screen, in a pseudo-terminal: keys that arrive together, setting the count,
/// cancelling, help, fitting the terminal, and how Ctrl-C exits.
@Suite("prime-time, the screen", .serialized, .timeLimit(.minutes(2)))
final class PrimeTimeScreenTests {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("prime-time-screen-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  func start(rows: UInt16 = 40, columns: UInt16 = 100) throws -> TerminalProgram {
    let terminal = try TerminalProgram(
      "prime-time", arguments: ["--favorites", directory.appendingPathComponent("f.json").path],
      rows: rows, columns: columns)
    #expect(
      terminal.waitForFrame(within: .seconds(20)) { $0.contains("PrimeTime") },
      "no screen: \(terminal.lastFrame.debugDescription)")
    return terminal
  }

  /// The count shown: the number on the line after the title's blank line.
  func count(_ frame: String) -> Int? {
    frame.split(separator: "\n").dropFirst().first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .flatMap { Int($0.trimmingCharacters(in: .whitespaces).prefix { $0 == "-" || $0.isNumber }) }
  }

  @Test("Two Up arrows in one read count up twice")
  func keysArrivingTogether() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    terminal.type("\u{1B}[A\u{1B}[A")
    #expect(terminal.waitForFrame(within: .seconds(20)) { self.count($0) == 2 }, "\(terminal.lastFrame)")
    terminal.type("\u{1B}[B+++")
    #expect(terminal.waitForFrame(within: .seconds(20)) { self.count($0) == 4 }, "\(terminal.lastFrame)")
  }

  @Test("# sets the count; n on a large count shows progress, and c cancels it")
  func setCountThenSearchAndCancel() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    terminal.type("#50000000\r")
    #expect(
      terminal.waitForFrame(within: .seconds(20)) { self.count($0) == 50_000_000 }, "\(terminal.lastFrame)")
    terminal.type("n")
    #expect(
      terminal.waitForFrame(within: .seconds(20)) { $0.contains("searching [") }, "\(terminal.lastFrame)")
    terminal.type("c")
    #expect(
      terminal.waitForFrame(within: .seconds(20)) { !$0.contains("searching") }, "\(terminal.lastFrame)")
  }

  @Test(":help lists the commands, with their aliases")
  func helpListsCommands() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    terminal.type(":help\r")
    #expect(
      terminal.waitForFrame(within: .seconds(20)) { $0.contains("delete N") && $0.contains("favorites") },
      "\(terminal.lastFrame)")
  }

  @Test("In a 40×12 terminal the title, the count and the key line all stay on screen")
  func fitsASmallTerminal() throws {
    let terminal = try start(rows: 12, columns: 40)
    defer { terminal.terminate() }
    // With a message and the favorites, more lines than rows: the least needed go.
    terminal.type("+++p:favorites\r")
    #expect(
      terminal.waitForFrame(within: .seconds(20)) { frame in
        let lines = frame.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count <= 12 && frame.contains("PrimeTime") && self.count(frame) == 3
          && lines.last?.contains("q quit") == true
      }, "\(terminal.lastFrame)")
  }

  @Test("Ctrl-C exits with status 130, as an interrupted program does")
  func controlCExits130() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    terminal.type("\u{03}")
    #expect(terminal.waitForExit(within: .seconds(20)) == 130)
  }
}
