import Foundation

/// How a test spelled the case it passed to `receive`, read from its source: only for failure
/// messages, which show the expected case beside the action that arrived.
enum CaseSpelling: Equatable {
  /// A plain name, such as `CounterFeature.Action.factResponse`.
  case name(String)
  /// A closure's body with its parameters as `_`: `{ .row(id: 1, action: .answer($0)) }` is
  /// `.row(id: 1, action: .answer(_))`, so that the values it fixes show.
  case shape(String)
}

/// The first argument of the `receive(` call that starts on the test's line, when it is a plain
/// name or a closure that only builds its case; nil when the file cannot be read (tests built
/// elsewhere) or the argument is something else.
func spelledCase(file: StaticString, line: UInt) -> CaseSpelling? {
  guard line > 0, let text = try? String(contentsOfFile: "\(file)", encoding: .utf8) else { return nil }
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  guard Int(line) <= lines.count else { return nil }
  // A closure may go on over the next lines; a few are enough for one that only builds a case.
  let call = lines[(Int(line) - 1)..<min(lines.count, Int(line) + 7)].joined(separator: "\n")
  guard let open = call.range(of: "receive(") else { return nil }
  let argument = firstArgument(call[open.upperBound...])
  if argument.first == "{", argument.last == "}" {
    return closureShape(String(argument.dropFirst().dropLast())).map(CaseSpelling.shape)
  }
  let isPlainName =
    !argument.isEmpty && argument.first != "."
    && argument.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
  return isPlainName ? .name(argument) : nil
}

/// The text up to the first comma or closing parenthesis outside brackets and string literals,
/// with its runs of white space (line breaks included) made one space.
private func firstArgument(_ text: Substring) -> String {
  var depth = 0
  var inString = false
  var end = text.endIndex
  for index in text.indices {
    let character = text[index]
    if inString {
      if character == "\"" { inString = false }
      continue
    }
    switch character {
    case "\"": inString = true
    case "(", "[", "{": depth += 1
    case ")" where depth == 0, "," where depth == 0: end = index
    case ")", "]", "}": depth -= 1
    default: continue
    }
    if end != text.endIndex { break }
  }
  return text[..<end].split(whereSeparator: \.isWhitespace).joined(separator: " ")
}

/// A closure body with its parameters, `$0` or named (`answer in`, `(id, answer) in`), written `_`;
/// nil when the body is more than the one expression that builds the case.
private func closureShape(_ body: String) -> String? {
  var expression = body.trimmingCharacters(in: .whitespaces)
  var names: [Substring] = []
  if let header = expression.firstMatch(of: /^\(?([\w\s,:]+?)\)?\s+in\s+/) {
    // `(answer: Int)` names `answer`: what follows a colon is its type.
    names = header.1.split(separator: ",").compactMap { $0.split(separator: ":").first }
    expression = String(expression[header.range.upperBound...])
  }
  if expression.hasPrefix("return ") { expression.removeFirst("return ".count) }
  let statement = /(^|[^\w.])(let|var|return|guard|if|switch|for|while)\s/
  guard !expression.isEmpty, !expression.contains(";"), expression.firstMatch(of: statement) == nil else {
    return nil
  }
  expression = expression.replacing(/\$\d+/, with: "_")
  for name in names {
    // The name as a value: not a label (`id:`), a member (`.id`) or part of a longer name.
    let pattern = "(^|[^\\w.$])\(name.trimmingCharacters(in: .whitespaces))(?!\\w|\\s*:)"
    guard let word = try? Regex(pattern) else { continue }
    expression = expression.replacing(word) { match in (match.output[1].substring ?? "") + "_" }
  }
  return expression
}
