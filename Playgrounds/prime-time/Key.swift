/// A key the user pressed on the interactive screen, or text they pasted, decoded from the raw
/// bytes a terminal sends (see ``KeyDecoder``).
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("+".utf8))          // [.character("+")]
/// decoder.decode([0x1B, 0x5B, 0x41])       // [.up]
/// ```
enum Key: Equatable, Sendable {
  case character(Character)
  case enter
  case escape
  case backspace
  case up
  case down
  case left
  case right
  /// Home, or Ctrl-A as in a shell.
  case home
  /// End, or Ctrl-E as in a shell.
  case end
  /// Ctrl-C, which raw mode delivers as a key rather than a signal.
  case interrupt
  /// Ctrl-D.
  case endOfTransmission
  /// Ctrl-Z, which raw mode delivers as a key rather than a signal.
  case suspend
  /// Text pasted while bracketed paste is on: text, never keys, whatever it holds.
  case paste(String)

  init(character: Character) {
    switch character {
    case "\r", "\n", "\r\n": self = .enter
    case "\u{7F}", "\u{08}": self = .backspace
    case "\u{03}": self = .interrupt
    case "\u{04}": self = .endOfTransmission
    case "\u{1A}": self = .suspend
    case "\u{01}": self = .home
    case "\u{05}": self = .end
    default: self = .character(character)
    }
  }
}

/// Turns the bytes read from a raw terminal into keys, read after read: a paste or an escape
/// sequence cut in two by the read's buffer is put back together.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("\u{1B}[200~count 5\u{1B}[2J".utf8))   // []: the paste goes on
/// decoder.decode(Array("\u{1B}[201~+".utf8))
/// // [.paste("count 5\u{1B}[2J"), .character("+")]
/// ```
///
/// A chunk can hold several keys (two arrows pressed quickly). ESC [ or ESC O followed by A, B, C
/// or D is an arrow, by H or F (or ESC [1~ and ESC [4~) Home or End; other sequences (ESC [, digits
/// and `;`, then a final letter or `~`) are dropped whole; an ESC that ends a read and starts no
/// sequence is the Escape key. Between ESC [200~ and ESC [201~ (bracketed paste, which the terminal
/// sends once ``RawTerminal`` asked for it) every byte, escape or control, is the paste's text.
struct KeyDecoder {
  private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  /// Bytes of a paste not ended yet, when one is going on.
  private var paste: [UInt8]?
  /// The start of an escape sequence cut off by the end of the last read.
  private var pending: [UInt8] = []

  mutating func decode(_ chunk: [UInt8]) -> [Key] {
    let bytes = pending + chunk
    pending = []
    var keys: [Key] = []
    var text: [UInt8] = []
    func flushText() {
      keys += String(decoding: text, as: UTF8.self).map(Key.init(character:))
      text = []
    }
    var index = 0
    while index < bytes.count {
      if paste != nil {
        if let end = bytes[index...].firstRange(of: Self.pasteEnd) {
          paste! += bytes[index..<end.lowerBound]
          keys.append(.paste(String(decoding: paste!, as: UTF8.self)))
          paste = nil
          index = end.upperBound
        } else {
          // Keep back what could be the start of the end marker, cut by the read.
          let tail = Self.longestPrefixOfPasteEnd(endingAt: bytes[index...])
          paste! += bytes[index..<(bytes.count - tail)]
          pending = Array(bytes.suffix(tail))
          index = bytes.count
        }
        continue
      }
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
      guard end < bytes.count else {
        pending = Array(bytes[index...])  // cut off mid-sequence: finish it with the next read
        break
      }
      if bytes[index...end].elementsEqual(Self.pasteStart) {
        paste = []
      } else {
        let parameters = bytes[(index + 2)..<end]
        switch bytes[end] {
        case 0x41 where parameters.isEmpty: keys.append(.up)
        case 0x42 where parameters.isEmpty: keys.append(.down)
        case 0x43 where parameters.isEmpty: keys.append(.right)
        case 0x44 where parameters.isEmpty: keys.append(.left)
        case 0x48 where parameters.isEmpty: keys.append(.home)
        case 0x46 where parameters.isEmpty: keys.append(.end)
        case 0x7E where parameters.elementsEqual([0x31]) || parameters.elementsEqual([0x37]):
          keys.append(.home)
        case 0x7E where parameters.elementsEqual([0x34]) || parameters.elementsEqual([0x38]):
          keys.append(.end)
        default: break
        }
      }
      index = end + 1
    }
    flushText()
    return keys
  }

  /// How many bytes at the end of `bytes` begin the paste's end marker.
  private static func longestPrefixOfPasteEnd(endingAt bytes: ArraySlice<UInt8>) -> Int {
    for length in stride(from: min(pasteEnd.count - 1, bytes.count), to: 0, by: -1)
    where bytes.suffix(length).elementsEqual(pasteEnd.prefix(length)) {
      return length
    }
    return 0
  }
}
