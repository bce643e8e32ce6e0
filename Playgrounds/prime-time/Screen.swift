import EffectfulCounter
import EffectfulFavoritePrimes
import EffectfulPrimeModal
import EffectfulPrimeTime
import EffectfulPrimes
import Foundation

/// What the interactive screen shows besides the app's state.
struct ScreenContext {
  /// "offline" or "live".
  var environmentName: String
  /// Where favorites are saved.
  var favoritesPath: String
  /// The latest announcements, oldest first, other than the alert and the state's errors, which
  /// the screen draws from the state for as long as they last.
  var messages: [Announcement] = []
  /// The `:` command being typed, or nil.
  var commandLine: CommandLineEditor?
  /// The favorites' status ("Saved 2 favorite primes.") as it was when Enter or Esc dismissed it:
  /// the state keeps it, so the screen hides it until the state says something else.
  var dismissedStatus: String?
  var isShowingHelp = false
  /// The count the running nth-prime search was started for, which the count may have left.
  var searchedCount: Int?
  /// The help page shown, from 0 (see ``HelpPage``).
  var helpPage = 0
  var width = 80
  var height = 24
}

/// Draws the screen on top of the app's stack as text, then any alert, messages and the key help:
/// the root list; the counter screen (the count, the nth-prime question, the fact, the timer, the
/// favorites and the activity feed); the is-prime screen presented over it; or the favorites.
///
/// ```swift
/// writeToStandardOutput(ANSI.home + renderScreen(store.value, context))
/// ```
///
/// The screen fits the terminal: lines are cut to its width (messages and the fact are wrapped at
/// spaces instead, so they are read whole), and when there are more lines than rows, the least
/// needed go first: the activity feed, blank lines, messages, the favorites and the feature lines.
/// The title, the count, an alert, the command being typed and the key line always stay; the
/// last two are drawn on the bottom row. The help, when shown, takes the whole screen a page at a
/// time (see ``HelpPage``).
///
/// Everything about the count or the favorites is drawn from the state, or dropped once the
/// state it was said about is gone (``Announcement/Subject``): after counting on, nothing about
/// the old count remains.
func renderScreen(_ state: AppState, _ context: ScreenContext) -> String {
  if context.isShowingHelp {
    return HelpPage(width: context.width, height: context.height).render(page: context.helpPage)
  }
  var screen = RankedLines()
  screen.append(
    ANSI.bold("PrimeTime")
      + ANSI.dim("  \(context.environmentName) · favorites in \(visible(context.favoritesPath))"),
    rank: .essential)
  screen.blank()

  switch state.top {
  case nil: appendRoot(state, to: &screen)
  case .counter(let counterScreen):
    if let modal = counterScreen.primeModal {
      appendIsPrime(modal, state, context, to: &screen)
    } else {
      appendCounter(state, context, to: &screen)
    }
  case .favorites(let favorites): appendFavorites(favorites, state, context, to: &screen)
  }

  // An alert is drawn over whichever screen is on top, until Enter or Esc dismisses it.
  if let alert = state.counter.alertNthPrime {
    screen.append(
      "  " + ANSI.inverse(" \(visible(alert.title.string)) ") + ANSI.dim("  Enter to dismiss"),
      rank: .essential)
  }
  let errors = [state.counter.errorMessage, state.favorites.errorMessage].compactMap { $0 }
  for message in errors {
    for piece in wrapped("error: \(visible(message))", width: context.width - 2) {
      screen.append("  " + ANSI.red(piece), rank: .message)
    }
  }
  if let status = state.favorites.statusMessage, status != context.dismissedStatus {
    for piece in wrapped("info: \(visible(status))", width: context.width - 2) {
      screen.append("  " + ANSI.dim(piece), rank: .message)
    }
  }
  let messages = context.messages.filter { $0.subject?.holds(in: state) ?? true }
  for message in messages.suffix(3) {
    for piece in wrapped(message.description, width: context.width - 2) {
      screen.append("  " + (message.kind == .error ? ANSI.red(piece) : ANSI.dim(piece)), rank: .message)
    }
  }

  screen.blank()
  if let commandLine = context.commandLine {
    screen.append(commandLineText(commandLine, width: context.width), rank: .essential)
  } else {
    screen.append(
      ANSI.dim(KeyBindings.helpLine(for: ShownScreen(state), width: context.width)), rank: .essential)
  }
  var lines = screen.fitted(rows: context.height)
  // The key line, or the command being typed, is the bottom row, where the eye looks for it.
  if lines.count < context.height, let last = lines.popLast() {
    lines += Array(repeating: "", count: context.height - lines.count - 1) + [last]
  }
  return lines.map { fitting($0, width: context.width) }.joined(separator: "\n")
}

/// The counter screen: the count, the nth-prime question, the fact, the timer, the favorites and
/// the activity feed.
private func appendCounter(_ state: AppState, _ context: ScreenContext, to screen: inout RankedLines) {
  let counter = state.counter
  var countLine = "  " + ANSI.bold("\(state.count)")
  if counter.isPrime {
    countLine +=
      state.favoritePrimes.contains(state.count) ? ANSI.green("  prime ★ favorite") : ANSI.green("  prime")
  }
  screen.append(countLine, rank: .essential)
  screen.blank()

  var question = ["  [n] What is the \(ordinal(state.count)) prime?"]
  if counter.isNthPrimeButtonDisabled {
    let searching =
      context.searchedCount.map { $0 == state.count ? "searching" : "searching for the \(ordinal($0))" }
      ?? "searching"
    question += [searching + " " + progressBar(counter.nthPrimeProgress ?? 0), "[c] cancel"]
  }
  // A narrow terminal shows the bar on a line of its own rather than cut off.
  for piece in wrapped(items: question, width: context.width, hangingIndent: 6) {
    screen.append(piece, rank: .feature)
  }
  let fact = counter.isLoading ? "loading…  [c] cancel" : counter.fact.map { visible($0) } ?? "—"
  let factLines = wrapped("  [f] Fact: " + fact, width: context.width, hangingIndent: 12)
  for (index, piece) in factLines.enumerated() {
    screen.append(piece, rank: index == 0 ? .feature : .message)
  }
  screen.append("  [t] Timer: " + (counter.isTimerRunning ? ANSI.green("on") : "off"), rank: .feature)
  screen.blank()

  appendFavoritesList(state, context, to: &screen)
  appendActivity(state, to: &screen)
  screen.blank()
}

/// The is-prime screen, presented over the counter: the count it was opened for, whether it is
/// prime, and the button that saves it to or removes it from the favorites.
private func appendIsPrime(
  _ modal: PrimeModalState, _ state: AppState, _ context: ScreenContext, to screen: inout RankedLines
) {
  let isPrime = EffectfulPrimes.isPrime(modal.count)
  var countLine = "  " + ANSI.bold("\(modal.count)")
  if isPrime { countLine += ANSI.green(modal.isFavorite ? "  prime ★ favorite" : "  prime") }
  screen.append(countLine, rank: .essential)
  screen.blank()
  screen.append(
    isPrime ? "  Is \(modal.count) prime? Yes." : "  Is \(modal.count) prime? No.", rank: .feature)
  if isPrime {
    screen.append(
      modal.isFavorite ? "  [p] Remove from favorite primes" : "  [p] Save to favorite primes",
      rank: .essential)
  }
  screen.blank()
  appendFavoritesList(state, context, to: &screen)
  screen.blank()
}

/// The favorite primes screen, pushed: the list, numbered for `:delete N`, and save and load.
private func appendFavorites(
  _ favorites: FavoritePrimesState, _ state: AppState, _ context: ScreenContext,
  to screen: inout RankedLines
) {
  appendFavoritesList(state, context, to: &screen)
  let work = favorites.isSaving ? "  saving…" : favorites.isLoading ? "  loading…" : nil
  if let work { screen.append(work, rank: .feature) }
  screen.append("  [s] Save to disk  [l] Load from disk  :delete N", rank: .feature)
  appendActivity(state, to: &screen)
  screen.blank()
}

/// The root list, as in the episode: a row for each screen it pushes.
private func appendRoot(_ state: AppState, to screen: inout RankedLines) {
  screen.append("  [c] Counter demo: " + ANSI.bold("\(state.count)"), rank: .essential)
  let count = state.favoritePrimes.count
  screen.append(
    "  [v] Favorite primes: " + (count == 0 ? "none" : count == 1 ? "1 saved" : "\(count) saved"),
    rank: .essential)
  screen.blank()
  appendActivity(state, to: &screen)
  screen.blank()
}

/// "Favorite primes: 1. 2  2. 3", wrapped.
private func appendFavoritesList(_ state: AppState, _ context: ScreenContext, to screen: inout RankedLines) {
  let favorites = state.favoritePrimes.enumerated().map { "\($0.offset + 1). \($0.element)" }
  let favoritesLines = wrapped(
    items: ["  Favorite primes: " + (favorites.first ?? "none")] + favorites.dropFirst(),
    width: context.width, hangingIndent: 4)
  for (index, piece) in favoritesLines.enumerated() {
    screen.append(piece, rank: index == 0 ? .feature : .message)
  }
}

/// The last three entries of the activity feed, with their times.
private func appendActivity(_ state: AppState, to screen: inout RankedLines) {
  let formatter = DateFormatter()
  formatter.dateFormat = "HH:mm:ss"
  for activity in state.activityFeed.suffix(3) {
    screen.append(ANSI.dim("    \(formatter.string(from: activity.timestamp))  \(activity)"), rank: .activity)
  }
}

/// The screen's lines, each with how much it is needed, so that a short terminal drops the least
/// needed first.
private struct RankedLines {
  /// Lower is needed more; `.essential` is never dropped.
  enum Rank: Int, Comparable {
    case essential, feature, message, blank, activity
    static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  private var lines: [(text: String, rank: Rank)] = []

  mutating func append(_ text: String, rank: Rank) { lines.append((text, rank)) }
  mutating func blank() { lines.append(("", .blank)) }

  /// At most `rows` lines, in their order: the least needed, latest first, are left out.
  func fitted(rows: Int) -> [String] {
    var kept = lines
    while kept.count > max(rows, 1),
      let drop = kept.indices.filter({ kept[$0].rank != .essential }).max(by: {
        (kept[$0].rank, $0) < (kept[$1].rank, $1)
      })
    {
      kept.remove(at: drop)
    }
    return kept.map(\.text)
  }
}

/// `[#####-----] 45%`.
private func progressBar(_ fraction: Double) -> String {
  let filled = Int((fraction * 10).rounded(.down))
  return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 10 - filled) + "] "
    + "\(Int(fraction * 100))%"
}

/// The `:` line being typed, the cursor drawn in inverse on the character it is at (or after the
/// end): when the line is wider than the terminal, the part around the cursor, a "…" where it is cut.
private func commandLineText(_ commandLine: CommandLineEditor, width: Int) -> String {
  let characters = commandLine.characters
  let before = ":" + visible(String(characters[..<commandLine.cursor]), limit: .max)
  let at = commandLine.cursor < characters.count ? visible(String(characters[commandLine.cursor])) : " "
  let after =
    commandLine.cursor < characters.count
    ? visible(String(characters[(commandLine.cursor + 1)...]), limit: .max) : ""
  let width = max(width, at.count + 3)
  // What is before the cursor keeps as much room as it can (it is what was just typed), less a
  // column to show that more follows.
  let reserved = at.count + (after.isEmpty ? 0 : 1)
  let left = before.count + reserved <= width ? before : "…" + before.suffix(width - reserved - 1)
  let room = width - left.count - at.count
  let right = after.count <= room ? after : after.prefix(room - 1) + "…"
  return left + ANSI.inverse(at) + right
}
