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
    let words = line.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
    guard let name = words.first else { throw .unknown(line) }
    let arguments = Array(words.dropFirst())

    func noArguments(_ command: Command) throws(CommandError) -> Command {
      guard arguments.isEmpty else {
        throw .unexpectedArgument(command: name, arguments.joined(separator: " "))
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
    case "help", "?": self = try noArguments(.help)
    case "quit", "exit", "q": self = try noArguments(.quit)

    case "delete", "del":
      guard arguments.count == 1 else {
        throw arguments.isEmpty
          ? .missingArgument(
            command: name, expected: "the position of a favorite, as `favorites` numbers them")
          : .unexpectedArgument(command: name, arguments.dropFirst().joined(separator: " "))
      }
      guard let position = Int(arguments[0]), position >= 1 else {
        throw .invalidArgument(command: name, arguments[0], expected: "a position counted from 1")
      }
      self = .delete(position: position)

    case "wait":
      guard arguments.count == 1 else {
        throw arguments.isEmpty
          ? .missingArgument(command: name, expected: "a number of seconds, like `wait 1.5`")
          : .unexpectedArgument(command: name, arguments.dropFirst().joined(separator: " "))
      }
      guard let seconds = Double(arguments[0]), seconds.isFinite, seconds >= 0, seconds <= Self.longestWait
      else {
        throw .invalidArgument(
          command: name, arguments[0], expected: "seconds from 0 to \(Int(Self.longestWait))")
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
  static let reference: [(usage: String, summary: String)] = [
    ("+  -", "count up or down"),
    ("nth", "what is the nth prime? (n = the count)"),
    ("cancel", "stop an nth-prime search"),
    ("fact", "a fact about the count"),
    ("timer", "start or stop counting up once a second"),
    ("fav", "save the count as a favorite prime, or remove it"),
    ("favorites", "list the favorite primes, numbered"),
    ("delete N", "delete favorite number N"),
    ("save  load", "write the favorites to disk, or read them back"),
    ("wait SECONDS", "let effects run before the next command"),
    ("help", "this list"),
    ("quit", "leave (so does the end of input)"),
  ]
}

extension String {
  /// The string without leading and trailing whitespace.
  func trimmingBlanks() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
