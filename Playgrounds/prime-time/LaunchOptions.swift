import Foundation

/// How the app was asked to run: `prime-time [--live] [--log] [--favorites PATH] [--help]`.
///
/// ```swift
/// let options = try LaunchOptions(arguments: ["--log", "--favorites", "/tmp/f.json"])
/// options.isLogging      // true
/// options.favoritesPath  // "/tmp/f.json"
/// ```
///
/// An option given twice keeps its last value; anything else unknown is an error, so that a typo
/// like `--lvie` is not silently run offline.
struct LaunchOptions: Equatable, Sendable {
  /// Ask Wolfram|Alpha and numbersapi.com instead of computing locally.
  var isLive = false
  /// Print every action and the state after it to stderr.
  var isLogging = false
  /// Where favorites are saved and loaded; nil for the default under the user's data directory.
  var favoritesPath: String?
  /// Print the usage and exit.
  var isHelpRequested = false

  init(arguments: [String]) throws(LaunchOptionsError) {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--live": isLive = true
      case "--log": isLogging = true
      case "--help", "-h": isHelpRequested = true
      case "--favorites":
        guard let path = remaining.popFirst(), !path.isEmpty else { throw .missingValue(argument) }
        favoritesPath = path
      default:
        if argument.hasPrefix("--favorites=") {
          let path = String(argument.dropFirst("--favorites=".count))
          guard !path.isEmpty else { throw .missingValue("--favorites") }
          favoritesPath = path
        } else {
          throw .unknownOption(argument)
        }
      }
    }
  }

  /// The usage text for `--help`.
  static let usage = """
    usage: prime-time [--live] [--log] [--favorites PATH]

    The PrimeTime app: a counter, the nth prime, number facts, a timer and favorite primes.
    In a terminal it draws the counter screen and reacts to keys; otherwise it reads one command
    per line from stdin (type `help` for them) and prints the state after each.

    options:
      --live             ask Wolfram|Alpha (app id from WOLFRAM_APP_ID) for nth primes and
                         numbersapi.com (plain HTTP: it has no HTTPS) for facts, instead of
                         computing them offline; without WOLFRAM_APP_ID it says so on stderr
                         and computes nth primes offline. A request that gets no answer in
                         10 seconds fails; `cancel` (or c) stops a search or a fact sooner
      --log              print every action and the state after it to stderr
      --favorites PATH   save and load favorites at PATH (default:
                         $XDG_DATA_HOME/prime-time/favorite-primes.json, where XDG_DATA_HOME
                         defaults to ~/.local/share). Only a regular file (or a symbolic link
                         to one, which is kept) is read or replaced, and at most 1 MB is read
      --help             this text
    """
}

/// Why the command line could not be understood.
enum LaunchOptionsError: Error, Equatable, Sendable {
  case unknownOption(String)
  case missingValue(String)

  /// A sentence for the user.
  var message: String {
    switch self {
    case .unknownOption(let option): return "unknown option \(option) (see --help)"
    case .missingValue(let option): return "\(option) needs a value (see --help)"
    }
  }
}
