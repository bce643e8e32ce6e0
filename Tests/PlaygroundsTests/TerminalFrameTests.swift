import Testing

@Suite("Reading a terminal's frames")
struct TerminalFrameTests {
  @Test("A frame still arriving is not the last frame: the last whole one is")
  func partialFrameIsNotRead() {
    let whole = "\u{1B}[Herror: one\u{1B}[K\r\ntwo\u{1B}[K\u{1B}[J"
    let half = "\u{1B}[Herror: one\u{1B}[K\r\n"
    #expect(TerminalProgram.lastFrame(in: whole + half) == "error: one\ntwo")
    #expect(TerminalProgram.lastFrame(in: half).isEmpty)
  }

  @Test("What follows the last frame's end (leaving the screen) is not part of it")
  func trailingOutputIsNotAFrame() {
    let text = "\u{1B}[?1049h\u{1B}[Hcount 1\u{1B}[K\u{1B}[J\u{1B}[?25h\u{1B}[?1049l"
    #expect(TerminalProgram.lastFrame(in: text) == "count 1")
  }
}
