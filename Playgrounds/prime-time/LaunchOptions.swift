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
  /// Print every action and what it changed to stderr.
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

  /// The usage text for `--help`: every behaviour of the app, in one place the README links to.
  static let usage = """
    usage: prime-time [--live] [--log] [--favorites PATH]

    The PrimeTime app: a counter, the nth prime, number facts, a timer and favorite
    primes. In a terminal it draws the screen on top and reacts to keys; otherwise
    it reads one command per line from stdin and prints the state after each.

    options:
      --live             ask Wolfram|Alpha (app id from WOLFRAM_APP_ID) for nth
                         primes and numbersapi.com (plain HTTP: it has no HTTPS) for
                         facts, instead of computing them offline; without
                         WOLFRAM_APP_ID it says so on stderr and computes nth primes
                         offline. A request that gets no answer in 10 seconds fails;
                         `cancel` (or c) stops a search or a fact sooner
      --log              print each action and only what it changed to stderr, like
                         `AppState.count: 0 → 1`. On the screen, stderr must
                         not be the terminal (the screen would paint over the log),
                         or it refuses (status 2): redirect it, like
                         `prime-time --log 2>prime-time.log`
      --favorites PATH   save and load favorites at PATH (default:
                         $XDG_DATA_HOME/prime-time/favorite-primes.json, where
                         XDG_DATA_HOME defaults to ~/.local/share). Only a regular
                         file (or a symbolic link to one, which is kept) is read or
                         replaced, and at most 1 MB is read
      --help             this text

    The screen (stdin and stdout a terminal):
      The app navigates as the episode's does: it opens on the counter screen,
      pushed over a list of its two screens; `p` presents the is-prime screen over
      the counter (save or remove the count there), `v` pushes the favorite primes
      screen (`s` save, `l` load, `:delete N`). A key that belongs to another
      screen goes there first (`+` on the favorites goes back to the counter). Esc
      dismisses the alert and the messages first, then the top screen, back to the
      list (where `c` opens the counter); a screen's work (a search, a fact, the
      timer, a save) ends with it. The last line lists the top screen's keys; `h`
      (or ?) shows the help, which takes the whole screen a page at a time at any
      size: Space or Down for the next page, Up to go back, h, ? or Esc to close it.
      `:` opens a command line for every command below (`#` starts it with
      `count `): Left and Right (Home and End, Ctrl-A and Ctrl-E) move its cursor,
      typing inserts there, Backspace deletes before it and Ctrl-D under it; a
      line wider than the terminal shows the part around the cursor. Enter
      dismisses the alert, the errors and the other messages.
      The screen loads the saved favorites at start (line mode does not: `load`).
      Pasted text (bracketed paste, turned on while the app runs and off when it
      exits) goes to the command line, control characters shown as \\u{...}, and
      runs only when you press Enter: a paste never runs keys, and a paste outside
      the command line opens one. Words wrap at spaces. q or Ctrl-D quits (status
      0; Ctrl-D on the command line only when it is empty), Ctrl-C too
      (status 130); the terminal is restored either way. Ctrl-Z suspends the app,
      the terminal restored, until `fg` brings the screen back.
      What a line says about the count (a fact, "8 is not prime", an error) goes
      when the count changes, and a fact still on its way is cancelled; the
      favorites list and "Saved 2 favorite primes." go when the list changes. A
      search goes on when the count moves, and says which prime it looks for.
      A long search shows a progress bar and `c` cancels it: try `#1000000000`,
      then `n` (tens of seconds in the debug build `swift run` makes; a few in
      release, `swift run -c release prime-time`).

    Line mode (stdin a pipe or a file): one command per line; blank lines and lines
    starting with # are skipped. From a pipe each command is echoed as `> command`.
    Every command's output ends with a state line `count: N | favorites: [...] |
    timer: on/off`, also after an error (a line that is not a command included).
    Alerts, errors, facts and the like get lines of their own (`alert: The 3rd
    prime is 5`). A command goes to its screen as a key does (`fav` leaves the
    is-prime screen up, `save` opens the favorites); `open counter`, `open
    favorites` and `back` move by name, and a search ends with its screen. After
    `save` or `load` the next command waits for the file. At
    `quit` it exits at once; at the end of input it first waits for a search or a
    fact in flight (not the timer).

    Limits: the count stops at the largest and smallest whole numbers
    (9223372036854775807 and -9223372036854775808); + or - there says why nothing
    changed, and the timer stops. Offline, nth primes are found up to the
    1,000,000,000th (under a minute in a debug build): beyond it `nth` answers at
    once with an estimate, or says the prime is larger than any whole number the
    app holds.

    Commands:
    \(Command.referenceLines.joined(separator: "\n"))

    Exit status: 0 at q, quit or the end of input; 2 for a bad option; 130 at
    Ctrl-C.
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
