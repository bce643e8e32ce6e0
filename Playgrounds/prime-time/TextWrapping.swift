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

/// The line cut to `width` visible characters; escape sequences take no room and are kept.
func fitting(_ line: String, width: Int) -> String {
  var visible = 0
  var result = ""
  var isInEscape = false
  for character in line {
    if character == "\u{1B}" {
      isInEscape = true
    } else if isInEscape {
      if character.isLetter { isInEscape = false }
    } else {
      guard visible < width else { continue }
      visible += 1
    }
    result.append(character)
  }
  return result
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    String(reversed().drop(while: { $0 == " " }).reversed())
  }
}
