/// `text` in lines of at most `width` characters, broken at spaces, so that a long message or a
/// help entry is read whole at any width.
///
/// ```swift
/// wrapped("save the count as a favorite prime", width: 16)
/// // ["save the count", "as a favorite", "prime"]
/// wrapped("p   save the count", width: 12, hangingIndent: 4)
/// // ["p   save the", "    count"]
/// ```
///
/// Lines after the first start with `hangingIndent` spaces (at most half the width), so a help
/// entry's description stays in its column. Only a word longer than a whole line is cut,
/// where the line ends. Spaces inside a line (a column's padding) are kept; those at a break go.
func wrapped(_ text: String, width: Int, hangingIndent: Int = 0) -> [String] {
  let width = max(width, 10)
  let indent = String(repeating: " ", count: min(max(hangingIndent, 0), width / 2))
  var lines: [String] = []
  var rest = Substring(text)
  var room = width
  while rest.count > room {
    let window = rest.prefix(room + 1)
    // The last space that leaves something on this line: a break there loses only spaces.
    if let space = window.lastIndex(of: " "), window[..<space].contains(where: { $0 != " " }) {
      lines.append(String(rest[..<space]).trimmingTrailingSpaces())
      rest = rest[space...].drop(while: { $0 == " " })
    } else {
      lines.append(String(rest.prefix(room)))
      rest = rest.dropFirst(room)
    }
    room = width - indent.count
  }
  if lines.isEmpty || !rest.isEmpty { lines.append(String(rest)) }
  return lines.enumerated().map { $0.offset == 0 ? $0.element : indent + $0.element }
}

/// `items` joined by `separator` in lines of at most `width` characters, broken only between
/// items, so that a list entry ("6. 13") or a progress bar ("searching [##--------] 23%") is never
/// split.
///
/// ```swift
/// wrapped(items: ["Favorites:", "1. 2", "2. 3", "3. 5"], width: 16, hangingIndent: 2)
/// // ["Favorites:  1. 2", "  2. 3  3. 5"]
/// ```
///
/// Lines after the first start with `hangingIndent` spaces (at most half the width). An item
/// wider than a line gets a line of its own, to be cut where it ends.
func wrapped(items: [String], separator: String = "  ", width: Int, hangingIndent: Int = 0) -> [String] {
  let indent = String(repeating: " ", count: min(max(hangingIndent, 0), max(width, 10) / 2))
  var lines: [String] = []
  var line: String?
  for item in items {
    if let current = line, current.count + separator.count + item.count <= width {
      line = current + separator + item
    } else {
      if let current = line { lines.append(current) }
      line = (lines.isEmpty && line == nil ? "" : indent) + item
    }
  }
  if let line { lines.append(line) }
  return lines
}

/// The line cut to `width` visible characters, its last one a "…" when something was cut, so that
/// a cut line (a long favorites path in the title) never passes for a whole one; escape sequences
/// take no room and are kept.
func fitting(_ line: String, width: Int) -> String {
  var visible = 0
  var result: [Character] = []
  var lastVisible: Int?
  var isInEscape = false
  for character in line {
    if character == "\u{1B}" {
      isInEscape = true
    } else if isInEscape {
      if character.isLetter { isInEscape = false }
    } else {
      guard visible < width else {
        if let last = lastVisible, result[last] != "…" { result[last] = "…" }
        continue
      }
      visible += 1
      lastVisible = result.count
    }
    result.append(character)
  }
  return String(result)
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    String(reversed().drop(while: { $0 == " " }).reversed())
  }
}
