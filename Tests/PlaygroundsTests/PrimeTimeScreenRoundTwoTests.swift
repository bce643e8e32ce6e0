import Foundation
import Testing

/// The screen in a pseudo-terminal, as a new user meets it: help read to its end at 80 × 24 and
/// 40 × 12, words wrapped at spaces, a long command line, nothing left about an old count, a
/// paste that runs no keys, the ends of the count, and `--log` in a terminal.
@Suite("prime-time, the screen round two", .serialized, .timeLimit(.minutes(2)))
final class PrimeTimeScreenRoundTwoTests {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("prime-time-screen2-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  func start(rows: UInt16 = 24, columns: UInt16 = 80, arguments: [String] = []) throws -> TerminalProgram {
    let terminal = try TerminalProgram(
      "prime-time",
      arguments: ["--favorites", directory.appendingPathComponent("f.json").path] + arguments,
      rows: rows, columns: columns)
    #expect(terminal.waitForFrame(within: .seconds(20)) { $0.contains("PrimeTime") }, "no screen")
    return terminal
  }

  func lines(_ frame: String) -> [Substring] {
    frame.split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// Opens the help and pages through it to its end; every frame seen, in order.
  func readHelpToItsEnd(_ terminal: TerminalProgram) -> [String] {
    terminal.type("h")
    var frames: [String] = []
    // The page's last line too: a frame is read in pieces, and its title alone is not the page.
    let isWholePage = { (frame: String) in
      frame.contains("PrimeTime help") && (frame.contains("more: ") || frame.contains("close: "))
    }
    guard terminal.waitForFrame(within: .seconds(10), where: isWholePage) else {
      Issue.record("h showed no help: \(terminal.lastFrame)")
      return frames
    }
    frames.append(terminal.lastFrame)
    for _ in 0..<20
    where !(frames.last ?? "").contains("end of help") && !(frames.last ?? "").contains("close: h or Esc") {
      let before = frames.count
      terminal.type(" ")
      let page = "page \(before + 1) of"
      guard terminal.waitForFrame(within: .seconds(10), where: { $0.contains(page) && isWholePage($0) })
      else {
        Issue.record("Space did not turn to \(page): \(terminal.lastFrame)")
        return frames
      }
      frames.append(terminal.lastFrame)
    }
    return frames
  }

  func expectHelpReadWhole(_ frames: [String], rows: Int, columns: Int) {
    // Wrapped lines read as one text, blanks and indents aside.
    let text = frames.joined(separator: "\n").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for needed in ["q or Ctrl-C", "Commands, after `:`", "leave (also: q,", "a paste never runs keys"] {
      #expect(text.contains(needed), "\(needed) is not in the help:\n\(text)")
    }
    #expect(frames.last?.contains("end of help") == true || frames.count == 1, "\(frames.last ?? "")")
    for frame in frames {
      #expect(lines(frame).count <= rows, "\(frame)")
      #expect(lines(frame).allSatisfy { $0.count <= columns }, "\(frame)")
    }
  }

  @Test("The key line is the bottom line, and at 80 columns it names the keys in words")
  func keyLineAtTheBottom() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    #expect(
      terminal.waitForFrame(within: .seconds(10)) { frame in
        let rows = self.lines(frame)
        return rows.count == 24 && rows.last?.contains(": cmd") == true
          && rows.last?.contains("h help") == true && rows.last?.contains("q quit") == true
      }, "\(terminal.lastFrame)")
    terminal.type(":del")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) { frame in
        let rows = self.lines(frame)
        return rows.count == 24 && rows.last?.hasPrefix(":del") == true
      }, "\(terminal.lastFrame)")
  }

  @Test("At 80×24 the help is read to its end, a page at a time")
  func helpAt80x24() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    expectHelpReadWhole(readHelpToItsEnd(terminal), rows: 24, columns: 80)
    terminal.type("h")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) { !$0.contains("PrimeTime help") && $0.contains("q quit") })
  }

  @Test("At 40×12 h shows the help at once, read to its end, words wrapped at spaces")
  func helpAt40x12() throws {
    let terminal = try start(rows: 12, columns: 40)
    defer { terminal.terminate() }
    let frames = readHelpToItsEnd(terminal)
    expectHelpReadWhole(frames, rows: 12, columns: 40)
    // Every word of a long entry is whole on some line: nothing is cut mid-word.
    let words = frames.flatMap { lines($0) }.flatMap { $0.split(separator: " ") }.map(String.init)
    for word in ["favorite", "remove", "(primes", "only)", "request", "Ctrl-C", "(also:"] {
      #expect(words.contains(word), "\(word) was cut: \(frames.joined(separator: "\n"))")
    }
  }

  @Test("A long message is wrapped at spaces at 100 columns")
  func messagesWrapAtSpaces() throws {
    let terminal = try start(rows: 30, columns: 100)
    defer { terminal.terminate() }
    let sentence =
      "jumping over the lazy dog and on and on until the line is long enough to wrap twice over at one hundred columns wide"
    terminal.type(":" + sentence + "\r")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) { $0.contains("unknown command") }, "\(terminal.lastFrame)")
    let words = lines(terminal.lastFrame).flatMap { $0.split(separator: " ") }.map(String.init)
    for word in sentence.split(separator: " ").dropFirst().dropLast() {
      #expect(words.contains(String(word)), "\(word) was cut:\n\(terminal.lastFrame)")
    }
  }

  @Test("A command line wider than the terminal shows its end, where the cursor is")
  func longCommandLineShowsItsEnd() throws {
    let terminal = try start(rows: 12, columns: 40)
    defer { terminal.terminate() }
    terminal.type(":count 1_000_000_000_000_000_000_000_000_000_000_THE_END")
    #expect(terminal.waitForFrame(within: .seconds(10)) { $0.contains("THE_END") }, "\(terminal.lastFrame)")
  }

  @Test("At 40 columns a search's progress and a long favorites list wrap instead of being cut")
  func narrowProgressAndFavorites() throws {
    let terminal = try start(rows: 12, columns: 40)
    defer { terminal.terminate() }
    terminal.type("#2\rp#3\rp#5\rp#7\rp#11\rp#13\rp")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) { $0.contains("6. 13") }, "\(terminal.lastFrame)")
    terminal.type("#1000000000\rn")
    #expect(
      terminal.waitForFrame(within: .seconds(20)) { $0.contains("searching [") && $0.contains("%") },
      "\(terminal.lastFrame)")
    terminal.type("c")
  }

  @Test("After #8 f p +, nothing about 8 remains on screen")
  func nothingAboutTheOldCount() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    terminal.type("#8\r")
    #expect(terminal.waitForFrame(within: .seconds(10)) { $0.contains("8th prime") }, "\(terminal.lastFrame)")
    terminal.type("f")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) { $0.contains("power of two") }, "\(terminal.lastFrame)")
    terminal.type("p")
    #expect(terminal.waitForFrame(within: .seconds(10)) { $0.contains("not prime") }, "\(terminal.lastFrame)")
    terminal.type("+")
    #expect(terminal.waitForFrame(within: .seconds(10)) { $0.contains("9th prime") }, "\(terminal.lastFrame)")
    let frame = terminal.lastFrame
    #expect(!frame.contains("8 is") && !frame.contains("2^3") && !frame.contains("not prime"), "\(frame)")
    #expect(frame.contains("Fact: —"), "\(frame)")
  }

  @Test("#8 f p + typed at once: the fact about 8, still on its way, never shows on 9")
  func nothingAboutTheOldCountTypedAtOnce() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    terminal.type("#8\rfp+")
    #expect(terminal.waitForFrame(within: .seconds(10)) { $0.contains("9th prime") }, "\(terminal.lastFrame)")
    // A later read, so a later turn of the main queue than any answer the f asked for.
    terminal.type(":favorites\r")
    #expect(terminal.waitForFrame(within: .seconds(10)) { $0.contains("no favorite primes yet") })
    let frame = terminal.lastFrame
    #expect(!frame.contains("8 is") && !frame.contains("2^3") && frame.contains("Fact: —"), "\(frame)")
  }

  @Test("A search that goes on after counting says which prime it is looking for")
  func searchNamesItsOwnN() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    terminal.type("#1000000000\rn")
    #expect(
      terminal.waitForFrame(within: .seconds(20)) { $0.contains("searching [") }, "\(terminal.lastFrame)")
    terminal.type("+")
    #expect(
      terminal.waitForFrame(within: .seconds(20)) {
        $0.contains("1000000001st prime?") && $0.contains("searching for the 1000000000th [")
      }, "\(terminal.lastFrame)")
    terminal.type("c")
  }

  @Test("The favorites list and the saved status end when the list changes")
  func infoEndsWithTheList() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    terminal.type("#7\r")
    #expect(terminal.waitForFrame(within: .seconds(10)) { $0.contains("7th prime") })
    terminal.type("p#11\r")
    #expect(terminal.waitForFrame(within: .seconds(10)) { $0.contains("11th prime") })
    terminal.type("ps")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) { $0.contains("Saved 2 favorite primes.") },
      "\(terminal.lastFrame)")
    terminal.type(":favorites\r")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) { $0.contains("1. 7, 2. 11") }, "\(terminal.lastFrame)")
    terminal.type(":delete 2\r")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) {
        $0.contains("Favorite primes: 1. 7") && !$0.contains("2. 11")
      })
    let frame = terminal.lastFrame
    #expect(!frame.contains("1. 7, 2. 11") && !frame.contains("Saved 2"), "\(frame)")
  }

  @Test("A paste on the command line is text, never keys; bracketed paste is on, then off at exit")
  func pasteIsText() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    #expect(terminal.rawOutput.contains("\u{1B}[?2004h"), "bracketed paste was not turned on")
    let paste = "\u{1B}]0;HACKED\u{07}\u{1B}[2J count 5 \u{1B}[31m red n t"
    terminal.type(":\u{1B}[200~" + paste + "\u{1B}[201~")
    #expect(terminal.waitForFrame(within: .seconds(10)) { $0.contains("red n t") }, "\(terminal.lastFrame)")
    var frame = terminal.lastFrame
    #expect(frame.contains(#":\u{1B}]0;HACKED\u{7}\u{1B}[2J count 5 \u{1B}[31m red n t"#), "\(frame)")
    #expect(
      frame.contains("Timer: off") && !frame.contains("searching") && !frame.contains("prime is"), "\(frame)")
    // Outside the command line a paste opens one: nothing runs until Enter.
    terminal.type("\u{1B}")
    terminal.type("\u{1B}[200~+++n\u{1B}[201~")
    #expect(terminal.waitForFrame(within: .seconds(10)) { $0.contains(":+++n") }, "\(terminal.lastFrame)")
    frame = terminal.lastFrame
    #expect(frame.contains("0th prime") && !frame.contains("searching"), "\(frame)")
    terminal.type("\u{1B}q")
    #expect(terminal.waitForExit(within: .seconds(10)) == 0)
    #expect(
      terminal.rawOutput.hasSuffix("\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"),
      "\(terminal.rawOutput.suffix(40).debugDescription)")
  }

  @Test("A paste split across reads is still one paste")
  func pasteAcrossReads() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    terminal.type(":\u{1B}[200~count 4")
    usleep(100_000)
    terminal.type("2\u{1B}[2")
    usleep(100_000)
    terminal.type("01~")
    #expect(terminal.waitForFrame(within: .seconds(10)) { $0.contains(":count 42") }, "\(terminal.lastFrame)")
    terminal.type("\r")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) { $0.contains("42nd prime") }, "\(terminal.lastFrame)")
  }

  @Test("+ at the largest count says why nothing changed")
  func plusAtTheLargestCount() throws {
    let terminal = try start()
    defer { terminal.terminate() }
    terminal.type("#9223372036854775807\r")
    #expect(terminal.waitForFrame(within: .seconds(10)) { $0.contains("9223372036854775807") })
    terminal.type("+")
    #expect(
      terminal.waitForFrame(within: .seconds(10)) { $0.contains("at its largest") }, "\(terminal.lastFrame)")
  }

  @Test("--log with stderr on the terminal refuses, saying how to redirect it")
  func logInATerminalRefuses() throws {
    let terminal = try TerminalProgram(
      "prime-time", arguments: ["--log", "--favorites", directory.appendingPathComponent("f.json").path],
      rows: 24, columns: 80, isStandardErrorTerminal: true)
    defer { terminal.terminate() }
    #expect(terminal.waitForExit(within: .seconds(20)) == 2)
    #expect(terminal.rawOutput.contains("2>prime-time.log"), "\(terminal.rawOutput)")
  }
}
