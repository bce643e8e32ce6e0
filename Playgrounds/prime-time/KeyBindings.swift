/// The interactive screen's keys, and the help line that lists them.
///
/// ```swift
/// KeyBindings.command(for: .character("n"))   // .nthPrime
/// KeyBindings.command(for: .up)               // .increment
/// ```
///
/// Keys that are not commands (Enter and Escape dismiss, `:` opens the command line, `h` toggles the
/// help, `q` quits) are handled by the screen session itself.
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
    default: return nil
    }
  }

  /// The key line for a terminal `width` columns wide, drawn on the screen's bottom row: the
  /// longest of its spellings that fits, so that the way to quit and to get help is always on
  /// screen (`c`, cancel, is shown next to a running search instead).
  static func helpLine(width: Int) -> String {
    helpLines.first { $0.count <= width } ?? helpLines[helpLines.count - 1]
  }

  /// The key line, longest first: every key in words; at 80 columns without `#` (the help names
  /// it); the keys alone.
  static let helpLines = [
    "+/- count  # set  n nth  f fact  t timer  p fav  s save  l load  : cmd  h help  q quit",
    "+/- count  n nth  f fact  t timer  p fav  s save  l load  : cmd  h help  q quit",
    "+/- # n f t p s l : h=help q quit",
  ]

  /// The longer help, shown with `h` (see ``HelpPage``): each key and what it does.
  static let help: [(keys: String, summary: String)] = [
    ("+ or ↑, - or ↓", "count up or down (at the largest or smallest count, it says why not)"),
    ("#", "set the count: type a number, Enter (`:count N`)"),
    ("n", "what is the nth prime? (n = the count; up to the 1,000,000,000th offline)"),
    ("c", "cancel the search or the fact request"),
    ("f", "a fact about the count"),
    ("t", "start or stop the timer (one tick a second)"),
    ("p", "save or remove the count as a favorite (primes only)"),
    ("s, l", "save the favorites to disk, load them back"),
    (":", "type a command (`delete 2`, `favorites`, …), Enter to run it; ← → move the cursor"),
    ("Enter or Esc", "dismiss the alert, the errors and the other messages"),
    ("h or ?", "show or hide this help"),
    ("q or Ctrl-C", "quit"),
    ("Ctrl-Z", "suspend; `fg` in the shell brings the screen back"),
  ]
}
