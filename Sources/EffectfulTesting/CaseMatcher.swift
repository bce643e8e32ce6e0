import Effectful
import Foundation

/// Recognises the actions of one enum case from the function that embeds a payload into it, such as
/// `CounterFeature.Action.factResponse`: what ``TestStore/receive(_:timeout:_:file:line:)-9q6l2`` matches with.
///
/// An action is of the case when one of its payloads, given back to `embed`, rebuilds the action:
/// the payload is read with `Mirror` (the case's own, or, for nested enums, a payload of that
/// payload, so that `{ .child(.response($0)) }` works), cast to `Payload`, embedded again, and the
/// result must reflect exactly as the action does (the same case, labels and payload). Two cases
/// that differ only in their labels are told apart by them.
struct CaseMatcher<Action, Payload> {
  let embed: (Payload) -> Action

  func matches(_ action: Action) -> Bool {
    let actual = DumpNode(reflecting: action)
    for candidate in payloadCandidates(of: action) {
      guard let payload = candidate as? Payload else { continue }
      if DumpNode(reflecting: embed(payload)) == actual { return true }
    }
    return false
  }

  /// What a failure says was expected: the case as the test spelled it when its line can be read,
  /// else the action and payload types.
  func expectedDescription(file: StaticString, line: UInt) -> String {
    let payload = readableTypeName(Payload.self)
    if let spelled = caseArgument(file: file, line: line) {
      return "an action of the case \(spelled) (any \(payload))"
    }
    return "an action of the case of \(readableTypeName(Action.self)) that takes \(payload)"
  }
}

/// The payloads inside `value`, outermost first: the case's payload, and while that is an enum
/// case with a payload, its payload in turn. A single labeled associated value reflects as a
/// one-element tuple, `(fact: "…")`: the value inside it is a candidate too.
private func payloadCandidates(of value: Any) -> [Any] {
  var candidates: [Any] = []
  var current = value
  while Mirror(reflecting: current).displayStyle == .enum,
    let payload = Mirror(reflecting: current).children.first?.value
  {
    candidates.append(payload)
    current = payload
    let tuple = Mirror(reflecting: payload)
    if tuple.displayStyle == .tuple, tuple.children.count == 1, let only = tuple.children.first {
      candidates.append(only.value)
      current = only.value
    }
  }
  return candidates
}

/// The first argument of the `receive(` call on the test's line, when it is a plain name such as
/// `CounterFeature.Action.factResponse`; nil when the file cannot be read (tests built elsewhere)
/// or the call spans lines. It only labels a failure message.
private func caseArgument(file: StaticString, line: UInt) -> String? {
  guard line > 0, let text = try? String(contentsOfFile: "\(file)", encoding: .utf8) else { return nil }
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  guard Int(line) <= lines.count, let call = lines[Int(line) - 1].range(of: "receive(") else { return nil }
  let argument = lines[Int(line) - 1][call.upperBound...].prefix { $0 != "," && $0 != ")" }
  let name = argument.trimmingCharacters(in: .whitespaces)
  let isPlainName =
    !name.isEmpty && name.first != "."
    && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
  return isPlainName ? name : nil
}
