/// Why a line of input is not a command, with a message that says what would be.
///
/// ```swift
/// do { _ = try Command(parsing: "jump") } catch { print("error: \(error.message)") }
/// // error: unknown command "jump" (type `help` for the list)
/// ```
enum CommandError: Error, Equatable, Sendable {
  /// The first word names no command.
  case unknown(String)
  /// The command needs an argument that is not there.
  case missingArgument(command: String, expected: String)
  /// The command's argument is not one it accepts.
  case invalidArgument(command: String, String, expected: String)
  /// The command's argument is a whole number beyond the ones it takes, `limit` the nearest it does.
  case outOfRange(command: String, String, limit: Int)
  /// The command takes fewer arguments than it was given.
  case unexpectedArgument(command: String, String)

  /// A sentence for the user.
  var message: String {
    switch self {
    case .unknown(let line):
      return "unknown command \"\(line)\" (type `help` for the list)"
    case .missingArgument(let command, let expected):
      return "`\(command)` needs \(expected)"
    case .invalidArgument(let command, let argument, let expected):
      return "`\(command) \(argument)`: expected \(expected)"
    case .outOfRange(let command, let argument, let limit):
      return "`\(command) \(argument)`: the number is too \(limit < 0 ? "small" : "large"): the "
        + "\(limit < 0 ? "smallest" : "largest") is \(limit)"
    case .unexpectedArgument(let command, let extra):
      return "`\(command)` does not take \"\(extra)\""
    }
  }
}
