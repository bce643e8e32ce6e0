/// The help the screen shows with `h`: every key and every command, a page at a time, so that it
/// can be read to its end in any terminal, down to a few rows.
///
/// ```swift
/// let page = HelpPage(width: 80, height: 24)
/// page.count                  // 2: the help takes two screens at 80 × 24
/// page.render(page: 1)        // the second page, the title at the top, the keys at the bottom
/// ```
///
/// The help takes the whole screen while it is shown: a title with "page 1 of 2", the text
/// wrapped at spaces to the width, and a last line that says whether more follows and which keys
/// page (Space or ↓ on, ↑ back) and close it (h, ? or Esc).
struct HelpPage {
  var width: Int
  var height: Int

  /// The help's lines, wrapped to the width.
  var lines: [String] {
    var lines: [String] = []
    for entry in KeyBindings.help {
      lines += Self.entry(entry.keys, entry.summary, column: 15, width: width)
    }
    lines.append("")
    lines += wrapped("Commands, after `:` (Enter runs one, Esc leaves the line):", width: width)
    for entry in Command.reference {
      lines += Self.entry(entry.usage, entry.summary, column: 12, width: width)
    }
    lines.append("")
    for paragraph in Self.notes {
      lines += wrapped(paragraph, width: width)
    }
    return lines
  }

  /// A key or command and what it does, in two columns: the description keeps at least 40
  /// columns, or, in a narrow terminal, the first column shrinks to 6 and a longer name gets a
  /// line of its own, so that narrow terminals still read in sentences.
  private static func entry(_ name: String, _ summary: String, column: Int, width: Int) -> [String] {
    let isNarrow = width - (column + 4) < 40
    let column = isNarrow ? 6 : column
    let indent = column + 4
    if name.count > column {
      return ["  " + name]
        + wrapped(String(repeating: " ", count: indent) + summary, width: width, hangingIndent: indent)
    }
    let text = "  " + name.padding(toLength: column, withPad: " ", startingAt: 0) + "  " + summary
    return wrapped(text, width: width, hangingIndent: indent)
  }

  static let notes = [
    "Pasted text goes to the command line, control characters shown as \\u{…}, and runs only "
      + "when you press Enter: a paste never runs keys.",
    "A long `:` command shows its end, where you type. `prime-time --help` tells the rest.",
  ]

  /// Rows for the text: all but the title and the last line.
  private var rowsPerPage: Int { max(1, height - 2) }

  /// How many pages the help takes at this size.
  var count: Int {
    max(1, (lines.count + rowsPerPage - 1) / rowsPerPage)
  }

  /// The page at `page` (clamped to the pages there are), as lines joined by newlines: exactly
  /// `height` of them when the terminal has room for the title and the last line.
  func render(page: Int) -> String {
    let lines = lines
    let page = min(max(page, 0), count - 1)
    let start = page * rowsPerPage
    var shown = Array(lines[start..<min(start + rowsPerPage, lines.count)])
    shown += Array(repeating: "", count: rowsPerPage - shown.count)
    let title = ANSI.bold("PrimeTime help") + ANSI.dim(count > 1 ? "  page \(page + 1) of \(count)" : "")
    let isLast = page == count - 1
    let keys =
      isLast
      ? (count > 1 ? "end of help · back: ↑ · close: h" : "close: h or Esc")
      : "more: Space or ↓ · back: ↑ · close: h"
    return ([title] + shown + [ANSI.inverse(keys)]).map { fitting($0, width: width) }
      .joined(separator: "\n")
  }
}
