import EffectfulPrimeTime

/// The interactive screen's keys, and the help line that lists them.
///
/// ```swift
/// KeyBindings.command(for: .character("n"))   // .nthPrime
/// KeyBindings.command(for: .up)               // .increment
/// ```
///
/// A key works on any screen: one that belongs to another screen brings it to the top (`+` on the
/// favorites goes back to the counter). Keys that are not commands (Enter and Escape dismiss,
/// `:` opens the command line, `h` toggles the help, `q` quits) are handled by the screen session
/// itself.
enum KeyBindings {
  static func command(for key: Key) -> Command? {
    switch key {
    case .up, .character("+"), .character("="): return .increment
    case .down, .character("-"), .character("_"): return .decrement
    case .character("n"): return .nthPrime
    case .character("c"): return .cancelNthPrime
    case .character("f"): return .fact
    case .character("t"): return .toggleTimer
    case .character("p"): return .toggleFavorite
    case .character("s"): return .save
    case .character("l"): return .load
    case .character("v"): return .open(.favorites)
    default: return nil
    }
  }

  /// The key line of `screen` for a terminal `width` columns wide, drawn on the screen's bottom
  /// row: the longest of its spellings that fits, so that the way to quit and to get help is
  /// always on screen (`c`, cancel, is shown next to a running search instead).
  static func helpLine(for screen: ShownScreen, width: Int) -> String {
    let lines = helpLines(for: screen)
    return lines.first { $0.count <= width } ?? lines[lines.count - 1]
  }

  /// A screen's key lines, longest first: every key in words; at 80 columns without `#` (the
  /// help names it); the keys alone.
  static func helpLines(for screen: ShownScreen) -> [String] {
    switch screen {
    case .root:
      return ["c counter  v favorites  : cmd  h help  q quit", "c v : h=help q quit"]
    case .counter:
      return [
        "+/- count  # set  n nth  f fact  t timer  p prime?  v favorites  esc back  : cmd  h help  q quit",
        "+/- count  n nth  f fact  t timer  p fav  v favs  esc  : cmd  h help  q quit",
        "+/- # n f t p v esc : h=help q quit",
      ]
    case .isPrime:
      return ["p save or remove  esc close  : cmd  h help  q quit", "p esc : h=help q quit"]
    case .favorites:
      return ["s save  l load  :delete N  esc back  : cmd  h help  q quit", "s l esc : h=help q quit"]
    }
  }

  /// The longer help, shown with `h` (see ``HelpPage``): each key and what it does.
  static let help: [(keys: String, summary: String)] = [
    ("+ or ↑, - or ↓", "count up or down (at the largest or smallest count, it says why not)"),
    ("#", "set the count: type a number, Enter (`:count N`)"),
    ("n", "what is the nth prime? (n = the count; up to the 1,000,000,000th offline)"),
    ("c", "cancel the search or the fact request"),
    ("f", "a fact about the count"),
    ("t", "start or stop the timer (one tick a second)"),
    (
      "p",
      "opens the is-prime screen over the counter and saves or removes the count as a favorite"
        + " (primes only)"
    ),
    ("v", "the favorite primes screen, pushed over the counter"),
    ("s, l", "save the favorites to disk, load them back (on the favorites screen)"),
    (":", "type a command (`delete 2`, `favorites`, …), Enter to run it; ← → move the cursor"),
    ("Enter", "dismiss the alert, the errors and the other messages"),
    (
      "Esc",
      "the same; with nothing to dismiss, close the top screen (the is-prime screen, then"
        + " the pushed ones, back to the first list)"
    ),
    ("c, v", "on the first list: the counter, the favorite primes"),
    ("h or ?", "show or hide this help"),
    ("q or Ctrl-C", "quit"),
    ("Ctrl-Z", "suspend; `fg` in the shell brings the screen back"),
  ]
}

/// Which screen is drawn, for its key line.
enum ShownScreen: Equatable {
  case root, counter, isPrime, favorites

  init(_ state: AppState) {
    switch state.top {
    case nil: self = .root
    case .counter(let counter): self = counter.primeModal == nil ? .counter : .isPrime
    case .favorites: self = .favorites
    }
  }
}
