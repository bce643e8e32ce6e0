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
}

/// Draws the counter screen as text: the count, the nth-prime question, the fact, the timer, the
/// favorites and the activity feed, then messages and the key help.
///
/// ```swift
/// print(ANSI.clearScreen + renderScreen(store.value, context))
/// ```
///
/// Lines are cut to the terminal's width so that a long fact cannot push the help line off screen.
func renderScreen(_ state: AppState, _ context: ScreenContext) -> String {
  var lines: [String] = []
  lines.append(
    ANSI.bold("PrimeTime") + ANSI.dim("  \(context.environmentName) · favorites in \(visible(context.favoritesPath))"))
  lines.append("")

  let counter = state.counter
  var countLine = "  " + ANSI.bold("\(state.count)")
  if counter.isPrime {
    countLine +=
      state.favoritePrimes.contains(state.count) ? ANSI.green("  prime ★ favorite") : ANSI.green("  prime")
  }
  lines.append(countLine)
  lines.append("")

  if counter.isNthPrimeButtonDisabled {
    let fraction = counter.nthPrimeProgress ?? 0
    lines.append(
      "  [n] What is the \(ordinal(state.count)) prime?  searching \(progressBar(fraction))  [c] cancel")
  } else {
    lines.append("  [n] What is the \(ordinal(state.count)) prime?")
  }
  lines.append("  [f] Fact: " + (counter.isLoading ? "loading…" : counter.fact.map { visible($0) } ?? "—"))
  lines.append("  [t] Timer: " + (counter.isTimerRunning ? ANSI.green("on") : "off"))
  lines.append("")

  let favorites = state.favoritePrimes.enumerated().map { "\($0.offset + 1). \($0.element)" }
  lines.append("  Favorite primes: " + (favorites.isEmpty ? "none" : favorites.joined(separator: "  ")))
  let formatter = DateFormatter()
  formatter.dateFormat = "HH:mm:ss"
  for activity in state.activityFeed.suffix(3) {
    lines.append(ANSI.dim("    \(formatter.string(from: activity.timestamp))  \(activity)"))
  }
  lines.append("")

  if let alert = counter.alertNthPrime {
    lines.append("  " + ANSI.inverse(" \(visible(alert.message)) ") + ANSI.dim("  Enter to dismiss"))
  }
  let errors = [counter.errorMessage, state.favorites.errorMessage].compactMap { $0 }
  for message in errors {
    lines.append("  " + ANSI.red("error: \(visible(message))"))
  }
  for message in context.messages.suffix(3) {
    let text = message.kind == .error ? ANSI.red(message.description) : ANSI.dim(message.description)
    lines.append("  " + text)
  }

  lines.append("")
  if context.isShowingHelp {
    lines += KeyBindings.help.map { "  " + $0 }
    lines.append("  Commands, after `:`")
    lines += Command.referenceLines
    lines.append("")
  }
  if let commandLine = context.commandLine {
    lines.append(":" + visible(commandLine) + ANSI.inverse(" "))
  } else {
    lines.append(ANSI.dim(KeyBindings.helpLine))
  }
  return lines.map { fitting($0, width: context.width) }.joined(separator: "\n")
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
