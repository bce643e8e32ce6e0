import Foundation

/// Prints `text` and exits with status 0 when the playground was run with `--help` or `-h`: a
/// walk-through started only to learn what it is would otherwise run to its end first.
///
/// ```swift
/// answerHelp("usage: counter\n\nA walk through the counter screen, offline.")
/// ```
public func answerHelp(_ text: String, arguments: [String] = Array(CommandLine.arguments.dropFirst())) {
  guard arguments.contains("--help") || arguments.contains("-h") else { return }
  print(text)
  exit(0)
}

/// `1 counter`, `0 timers`: the count and the noun, plural unless the count is 1.
public func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
