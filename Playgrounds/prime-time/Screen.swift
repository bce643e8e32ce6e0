import EffectfulCounter
import Foundation
import EffectfulPrimeTime
import EffectfulPrimes

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
  var commandLine: String?
  var isShowingHelp = false
  var width = 80
  var height = 24
}

/// Draws the counter screen as text: the count, the nth-prime question, the fact, the timer, the
/// favorites and the activity feed, then messages and the key help.
///
/// ```swift
/// writeToStandardOutput(ANSI.home + renderScreen(store.value, context))
/// ```
///
/// The screen fits the terminal: lines are cut to its width (messages are wrapped instead, so a
/// long error is read whole), and when there are more lines than rows, the least needed go first:
/// the activity feed, then the help, blank lines, messages, the favorites and the feature lines.
/// The title, the count, an alert, the command being typed and the key line always stay.
func renderScreen(_ state: AppState, _ context: ScreenContext) -> String {
  var screen = RankedLines()
  screen.append(
    ANSI.bold("PrimeTime") + ANSI.dim("  \(context.environmentName) · favorites in \(visible(context.favoritesPath))"),
    rank: .essential)
  screen.blank()

  let counter = state.counter
  var countLine = "  " + ANSI.bold("\(state.count)")
  if counter.isPrime {
    countLine +=
      state.favoritePrimes.contains(state.count) ? ANSI.green("  prime ★ favorite") : ANSI.green("  prime")
  }
  screen.append(countLine, rank: .essential)
  screen.blank()

  if counter.isNthPrimeButtonDisabled {
    let fraction = counter.nthPrimeProgress ?? 0
    screen.append(
      "  [n] What is the \(ordinal(state.count)) prime?  searching \(progressBar(fraction))  [c] cancel",
      rank: .feature)
  } else {
    screen.append("  [n] What is the \(ordinal(state.count)) prime?", rank: .feature)
  }
  let fact = counter.isLoading ? "loading…  [c] cancel" : counter.fact.map { visible($0) } ?? "—"
  screen.append("  [f] Fact: " + fact, rank: .feature)
  screen.append("  [t] Timer: " + (counter.isTimerRunning ? ANSI.green("on") : "off"), rank: .feature)
  screen.blank()

  let favorites = state.favoritePrimes.enumerated().map { "\($0.offset + 1). \($0.element)" }
  screen.append(
    "  Favorite primes: " + (favorites.isEmpty ? "none" : favorites.joined(separator: "  ")), rank: .feature)
  let formatter = DateFormatter()
  formatter.dateFormat = "HH:mm:ss"
  for activity in state.activityFeed.suffix(3) {
    screen.append(ANSI.dim("    \(formatter.string(from: activity.timestamp))  \(activity)"), rank: .activity)
  }
  screen.blank()

  if let alert = counter.alertNthPrime {
    screen.append("  " + ANSI.inverse(" \(visible(alert.message)) ") + ANSI.dim("  Enter to dismiss"), rank: .essential)
  }
  let errors = [counter.errorMessage, state.favorites.errorMessage].compactMap { $0 }
  for message in errors {
    for piece in wrapped("error: \(visible(message))", width: context.width - 2) {
      screen.append("  " + ANSI.red(piece), rank: .message)
    }
  }
  for message in context.messages.suffix(3) {
    for piece in wrapped(message.description, width: context.width - 2) {
      screen.append("  " + (message.kind == .error ? ANSI.red(piece) : ANSI.dim(piece)), rank: .message)
    }
  }

  screen.blank()
  if context.isShowingHelp {
    for line in KeyBindings.help { screen.append("  " + line, rank: .help) }
    screen.append("  Commands, after `:`", rank: .help)
    for line in Command.referenceLines { screen.append(line, rank: .help) }
    screen.blank()
  }
  if let commandLine = context.commandLine {
    screen.append(":" + visible(commandLine) + ANSI.inverse(" "), rank: .essential)
  } else {
    screen.append(ANSI.dim(KeyBindings.helpLine(width: context.width)), rank: .essential)
  }
  return screen.fitted(rows: context.height).map { fitting($0, width: context.width) }
    .joined(separator: "\n")
}

/// The screen's lines, each with how much it is needed, so that a short terminal drops the least
/// needed first.
private struct RankedLines {
  /// Lower is needed more; `.essential` is never dropped.
  enum Rank: Int, Comparable {
    case essential, feature, message, blank, help, activity
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

/// `text` in pieces of at most `width` characters, so that a long message is read whole.
private func wrapped(_ text: String, width: Int) -> [String] {
  let width = max(width, 10)
  var pieces: [String] = []
  var rest = Substring(text)
  while rest.count > width {
    pieces.append(String(rest.prefix(width)))
    rest = rest.dropFirst(width)
  }
  pieces.append(String(rest))
  return pieces
}

/// `[#####-----] 45%`.
private func progressBar(_ fraction: Double) -> String {
  let filled = Int((fraction * 10).rounded(.down))
  return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 10 - filled) + "] "
    + "\(Int(fraction * 100))%"
}

/// The line cut to `width` visible characters; escape sequences take no room and are kept.
private func fitting(_ line: String, width: Int) -> String {
  var visible = 0
  var result = ""
  var isInEscape = false
  for character in line {
    if character == "\u{1B}" {
      isInEscape = true
    } else if isInEscape {
      if character.isLetter { isInEscape = false }
    } else {
      guard visible < width else { continue }
      visible += 1
    }
    result.append(character)
  }
  return result
}
