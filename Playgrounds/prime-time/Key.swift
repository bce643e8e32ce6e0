/// A key the user pressed on the interactive screen, decoded from the raw bytes a terminal sends.
///
/// ```swift
/// Key.decode(Array("+".utf8))          // [.character("+")]
/// Key.decode([0x1B, 0x5B, 0x41])       // [.up]
/// ```
///
/// Only what the screen uses is decoded; other escape sequences (function keys, mouse) are dropped.
enum Key: Equatable, Sendable {
  case character(Character)
  case enter
  case escape
  case backspace
  case up
  case down
  /// Ctrl-C, which raw mode delivers as a key rather than a signal.
  case interrupt
  /// Ctrl-D.
  case endOfTransmission

  /// The keys in one chunk of bytes read from a raw terminal.
  ///
  /// A terminal writes an escape sequence in one go, so a chunk starting with ESC is one key: a lone
  /// ESC is the Escape key, ESC [ A and ESC [ B are the arrows.
  static func decode(_ bytes: [UInt8]) -> [Key] {
    if bytes.first == 0x1B {
      switch Array(bytes.dropFirst()) {
      case []: return [.escape]
      case [0x5B, 0x41], [0x4F, 0x41]: return [.up]
      case [0x5B, 0x42], [0x4F, 0x42]: return [.down]
      default: return []
      }
    }
    return String(decoding: bytes, as: UTF8.self).map { character in
      switch character {
      case "\r", "\n", "\r\n": return .enter
      case "\u{7F}", "\u{08}": return .backspace
      case "\u{03}": return .interrupt
      case "\u{04}": return .endOfTransmission
      default: return .character(character)
      }
    }
  }
}
