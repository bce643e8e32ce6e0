/// Text that did not come from our own code, made safe to print: control characters shown as
/// escapes, and shortened to `limit` characters.
///
/// ```swift
/// visible("jump\u{1B}]0;pwned\u{07}")    // #"jump\u{1B}]0;pwned\u{07}"#
/// visible(String(repeating: "7", count: 500), limit: 10)   // "777777777…"
/// ```
///
/// A fact from a server, an error body, a file's path or contents, a command the user typed: any
/// of them could hold an escape sequence that moves the cursor, recolours or retitles the terminal.
/// Every C0 and C1 control, DEL, and the bidirectional overrides (which reorder what is shown) are
/// spelled out instead of sent. Tab and newline become `\t` and `\n`, so one string stays one line.
func visible(_ text: String, limit: Int = 400) -> String {
  var result = ""
  var count = 0
  for scalar in text.unicodeScalars {
    let piece: String
    switch scalar.value {
    case 0x09: piece = "\\t"
    case 0x0A: piece = "\\n"
    case 0x0D: piece = "\\r"
    case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
      piece = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default: piece = String(scalar)
    }
    if count >= limit {
      result.append("…")
      break
    }
    result += piece
    count += 1
  }
  return result
}
