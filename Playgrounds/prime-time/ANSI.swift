/// The few ANSI escape sequences the interactive screen uses.
///
/// ```swift
/// writeToStandardOutput(ANSI.home + ANSI.bold("count: 3") + ANSI.clearToEndOfLine)
/// ```
///
/// Every terminal emulator in use today understands these; the line mode never prints them.
enum ANSI {
  static let enterAlternateScreen = "\u{1B}[?1049h"
  static let leaveAlternateScreen = "\u{1B}[?1049l"
  /// Asks the terminal to mark pasted text (ESC [200~ … ESC [201~), so a paste is never taken
  /// for keys; the terminal stops when asked, or when it is reset.
  static let enableBracketedPaste = "\u{1B}[?2004h"
  static let disableBracketedPaste = "\u{1B}[?2004l"
  static let hideCursor = "\u{1B}[?25l"
  static let showCursor = "\u{1B}[?25h"
  /// The cursor to the top left corner, without clearing: a redraw overwrites in place.
  static let home = "\u{1B}[H"
  /// Erases from the cursor to the end of its line.
  static let clearToEndOfLine = "\u{1B}[K"
  /// Erases from the cursor to the end of the screen.
  static let clearToEndOfScreen = "\u{1B}[J"

  static func bold(_ text: String) -> String { "\u{1B}[1m\(text)\u{1B}[0m" }
  static func dim(_ text: String) -> String { "\u{1B}[2m\(text)\u{1B}[0m" }
  static func red(_ text: String) -> String { "\u{1B}[31m\(text)\u{1B}[0m" }
  static func green(_ text: String) -> String { "\u{1B}[32m\(text)\u{1B}[0m" }
  static func inverse(_ text: String) -> String { "\u{1B}[7m\(text)\u{1B}[0m" }
}
