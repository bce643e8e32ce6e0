/// The `:` command being typed and where its cursor is, edited as a shell edits its line: typing
/// and pasting insert at the cursor, Backspace deletes before it, Ctrl-D under it.
///
/// ```swift
/// var line = CommandLineEditor("count 5")
/// line.moveLeft()
/// line.insert("0")          // "count 05", the cursor before the 5
/// line.deleteForward()      // "count 0"
/// ```
struct CommandLineEditor: Equatable {
  /// Characters, not a String: the cursor moves by one a key, and an Array indexes in place.
  private(set) var characters: [Character]
  /// Where the next character goes, from 0 (before the first) to `characters.count` (after the last).
  private(set) var cursor: Int

  init(_ text: String = "") {
    characters = Array(text)
    cursor = characters.count
  }

  var text: String { String(characters) }
  var isEmpty: Bool { characters.isEmpty }

  mutating func insert(_ text: String) {
    characters.insert(contentsOf: text, at: cursor)
    cursor += text.count
  }

  mutating func deleteBackward() {
    guard cursor > 0 else { return }
    characters.remove(at: cursor - 1)
    cursor -= 1
  }

  /// Deletes the character under the cursor; at the end of the line there is none, and nothing
  /// happens, as in a shell.
  mutating func deleteForward() {
    guard cursor < characters.count else { return }
    characters.remove(at: cursor)
  }

  mutating func moveLeft() { cursor = max(cursor - 1, 0) }
  mutating func moveRight() { cursor = min(cursor + 1, characters.count) }
  mutating func moveToStart() { cursor = 0 }
  mutating func moveToEnd() { cursor = characters.count }
}
