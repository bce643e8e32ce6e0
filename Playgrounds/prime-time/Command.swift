import EffectfulPrimeTime

/// One thing the user asked the app to do, typed as a line (`nth`, `delete 2`, `wait 1.5`) or pressed
/// as a key.
///
/// ```swift
/// try Command(parsing: "delete 2")   // .delete(position: 2)
/// try Command(parsing: "  WAIT 0.5") // .wait(seconds: 0.5)
/// try Command(parsing: "jump")       // throws CommandError.unknown("jump")
/// ```
///
/// Words are case-insensitive and surrounding blanks are ignored. Blank lines and lines starting
/// with `#` are not commands: see ``isIgnorable(_:)``.
enum Command: Equatable, Sendable {
  case increment
  case decrement
  /// `count N`: set the count at once, to reach a long search without a million key presses.
  case setCount(Int)
  case nthPrime
  /// Stops an nth-prime search in flight.
  case cancelNthPrime
  case fact
  case toggleTimer
  /// Saves the count as a favorite prime, or removes it when it already is one.
  case toggleFavorite
  /// Lists the favorite primes, numbered for ``delete(position:)``.
  case favorites
  /// Deletes the favorite at this position, counting from 1 as ``favorites`` lists them.
  case delete(position: Int)
  case save
  case load
  /// `open counter`, `open favorites`: brings that screen to the top, pushing it if it is not on
  /// the stack.
  case open(AppScreen.Kind)
  /// Dismisses the top screen (the is-prime screen, or pops the pushed one): Esc on the screen.
  case back
  /// Lets effects run for this many seconds of real time before the next command.
  case wait(seconds: Double)
  case help
  case quit

  /// The longest `wait` accepted: an hour is surely a typo, and would hang a script.
  static let longestWait = 3_600.0

  /// Reads a command from a line of input.
  ///
  /// ```swift
  /// try Command(parsing: "+")          // .increment
  /// try Command(parsing: "delete")     // throws CommandError.missingArgument(…)
  /// ```
  init(parsing line: String) throws(CommandError) {
    // Names are matched in lower case; errors quote what was typed, as it was typed.
    let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let typedName = words.first else { throw .unknown(line) }
    let name = typedName.lowercased()
    let arguments = Array(words.dropFirst())

    func noArguments(_ command: Command) throws(CommandError) -> Command {
      guard arguments.isEmpty else {
        throw .unexpectedArgument(command: typedName, arguments.joined(separator: " "))
      }
      return command
    }

    switch name {
    case "+", "inc", "increment": self = try noArguments(.increment)
    case "-", "dec", "decrement": self = try noArguments(.decrement)
    case "nth": self = try noArguments(.nthPrime)
    case "cancel": self = try noArguments(.cancelNthPrime)
    case "fact": self = try noArguments(.fact)
    case "timer": self = try noArguments(.toggleTimer)
    case "fav": self = try noArguments(.toggleFavorite)
    case "favorites", "favs": self = try noArguments(.favorites)
    case "save": self = try noArguments(.save)
    case "load": self = try noArguments(.load)
    case "back": self = try noArguments(.back)

    case "open":
      guard arguments.count == 1 else {
        throw arguments.isEmpty
          ? .missingArgument(command: typedName, expected: "a screen: `open counter` or `open favorites`")
          : .unexpectedArgument(command: typedName, arguments.dropFirst().joined(separator: " "))
      }
      switch arguments[0].lowercased() {
      case "counter": self = .open(.counter)
      case "favorites", "favs": self = .open(.favorites)
      default:
        throw .invalidArgument(command: typedName, arguments[0], expected: "`counter` or `favorites`")
      }
    case "help", "?": self = try noArguments(.help)
    case "quit", "exit", "q": self = try noArguments(.quit)

    case "delete", "del":
      guard arguments.count == 1 else {
        throw arguments.isEmpty
          ? .missingArgument(
            command: typedName, expected: "the position of a favorite, as `favorites` numbers them")
          : .unexpectedArgument(command: typedName, arguments.dropFirst().joined(separator: " "))
      }
      guard let position = Int(arguments[0]), position >= 1 else {
        throw .invalidArgument(command: typedName, arguments[0], expected: "a position counted from 1")
      }
      self = .delete(position: position)

    case "count":
      guard arguments.count == 1 else {
        throw arguments.isEmpty
          ? .missingArgument(command: typedName, expected: "a whole number, like `count 50000000`")
          : .unexpectedArgument(command: typedName, arguments.dropFirst().joined(separator: " "))
      }
      let digits = arguments[0].filter { $0 != "_" }
      guard let n = Int(digits) else {
        // Digits Int cannot hold are a number all the same: saying "not a number" would puzzle.
        if isWholeNumber(digits) {
          throw .outOfRange(command: typedName, arguments[0], limit: digits.hasPrefix("-") ? .min : .max)
        }
        throw .invalidArgument(command: typedName, arguments[0], expected: "a whole number")
      }
      self = .setCount(n)

    case "wait":
      guard arguments.count == 1 else {
        throw arguments.isEmpty
          ? .missingArgument(command: typedName, expected: "a number of seconds, like `wait 1.5`")
          : .unexpectedArgument(command: typedName, arguments.dropFirst().joined(separator: " "))
      }
      // Decimal only: Double(_:) would also take "0x10" (16), "1e3" and "inf".
      guard isDecimal(arguments[0]), let seconds = Double(arguments[0]), seconds <= Self.longestWait
      else {
        throw .invalidArgument(
          command: typedName, arguments[0], expected: "seconds from 0 to \(Int(Self.longestWait))")
      }
      self = .wait(seconds: seconds)

    default:
      throw .unknown(line.trimmingBlanks())
    }
  }

  /// Whether a line carries no command: it is blank, or a `#` comment (handy in scripts).
  static func isIgnorable(_ line: String) -> Bool {
    let text = line.trimmingBlanks()
    return text.isEmpty || text.hasPrefix("#")
  }

  /// Every command with what it does, for `help`.
  /// ``reference`` as aligned lines, for `help` and the screen's help.
  static var referenceLines: [String] {
    reference.map { "  " + $0.usage.padding(toLength: 14, withPad: " ", startingAt: 0) + $0.summary }
  }

  static let reference: [(usage: String, summary: String)] = [
    ("+  -", "count up or down (also: inc, dec)"),
    ("count N", "set the count to N (like `count 50000000`)"),
    ("nth", "what is the nth prime? (n = the count)"),
    ("cancel", "stop an nth-prime search or a fact request"),
    ("fact", "a fact about the count"),
    ("timer", "start or stop counting up once a second"),
    ("fav", "save the count as a favorite prime, or remove it"),
    ("favorites", "list the favorite primes, numbered (also: favs)"),
    ("delete N", "delete favorite number N (also: del)"),
    ("save  load", "write the favorites to disk, or read them back"),
    ("open SCREEN", "show the `counter` or the `favorites` screen"),
    ("back", "close the top screen (the is-prime screen, then the pushed ones)"),
    ("wait SECONDS", "let effects run before the next command"),
    ("help", "this list (also: ?)"),
    ("quit", "leave (also: q, exit; so does the end of input)"),
  ]
}

/// Whether `text` is digits, with a sign or not: a whole number, however large.
private func isWholeNumber(_ text: String) -> Bool {
  let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
  return !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
}

/// Whether `text` is a plain decimal number of seconds: digits, with at most one point among them.
private func isDecimal(_ text: String) -> Bool {
  let parts = text.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
  guard (1...2).contains(parts.count), parts.contains(where: { !$0.isEmpty }) else { return false }
  return parts.allSatisfy { $0.allSatisfy { ("0"..."9").contains($0) } }
}

extension String {
  /// The string without leading and trailing whitespace.
  ///
  /// Called on every line of a script, twice: it finds both ends in one pass over the scalars
  /// and copies once (reversing the string twice made it a sixth of a million-line run).
  func trimmingBlanks() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) ?? first
    return String(scalars[first...last])
  }
}
