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

  /// The keys in one chunk of bytes read from a raw terminal: every one of them.
  ///
  /// A chunk can hold several keys (two arrows pressed quickly, a paste). ESC [ or ESC O followed by
  /// A or B is an arrow; other sequences (ESC [, digits and `;`, then a final letter or `~`) are
  /// dropped whole; an ESC that starts no sequence is the Escape key.
  static func decode(_ bytes: [UInt8]) -> [Key] {
    var keys: [Key] = []
    var text: [UInt8] = []
    func flushText() {
      keys += String(decoding: text, as: UTF8.self).map(Key.init(character:))
      text = []
    }
    var index = 0
    while index < bytes.count {
      guard bytes[index] == 0x1B else {
        text.append(bytes[index])
        index += 1
        continue
      }
      flushText()
      let next = index + 1 < bytes.count ? bytes[index + 1] : nil
      guard next == 0x5B || next == 0x4F else {
        keys.append(.escape)
        index += 1
        continue
      }
      // Parameters (digits, ';') up to the final byte, which ends the sequence.
      var end = index + 2
      while end < bytes.count, bytes[end] == 0x3B || (0x30...0x39).contains(bytes[end]) { end += 1 }
      guard end < bytes.count else { break }  // cut off mid-sequence: nothing to decode
      switch bytes[end] {
      case 0x41 where end == index + 2: keys.append(.up)
      case 0x42 where end == index + 2: keys.append(.down)
      default: break
      }
      index = end + 1
    }
    flushText()
    return keys
  }

  private init(character: Character) {
    switch character {
    case "\r", "\n", "\r\n": self = .enter
    case "\u{7F}", "\u{08}": self = .backspace
    case "\u{03}": self = .interrupt
    case "\u{04}": self = .endOfTransmission
    default: self = .character(character)
    }
  }
}
