import Effectful
import Foundation

/// Recognises the actions of one enum case from the function that embeds a payload into it, such as
/// `CounterFeature.Action.factResponse`: what ``TestStore/receive(_:timeout:_:file:line:)-9q6l2``
/// matches with.
///
/// An action is of the case when one of its payloads, given back to `embed`, rebuilds the action:
/// the payload is read with `Mirror` (the case's own, one of its several values, or, for nested
/// enums, a payload inside those, so that `{ .child(.response($0)) }` and
/// `{ .row(id: 1, action: .answer($0)) }` work), cast to `Payload`, embedded again, and the result
/// must be the same value as the action (the same case, labels and payload, compared as
/// `structurallyEqual` does). Two cases that
/// differ only in their labels are told apart by them.
struct CaseMatcher<Action, Payload> {
  let embed: (Payload) -> Action

  func matches(_ action: Action) -> Bool {
    for candidate in payloadCandidates(of: action) {
      guard let payload = candidate as? Payload else { continue }
      if structurallyEqual(embed(payload), action) { return true }
    }
    return false
  }

  /// What a failure says was expected: the case as the test spelled it when its line can be read
  /// (a closure's payload shown as `_`, so that the fixed values stand beside those that arrived),
  /// else the action and payload types.
  func expectedDescription(file: StaticString, line: UInt) -> String {
    let payload = readableTypeName(Payload.self)
    switch spelledCase(file: file, line: line) {
    case .name(let name): return "an action of the case \(name) (any \(payload))"
    case .shape(let shape): return "an action of the case \(shape)"
    case nil: return "an action of the case of \(readableTypeName(Action.self)) that takes \(payload)"
    }
  }
}

/// The payloads inside `value`, outermost first: the case's payload, each value of a case with
/// several (or one labeled: `(fact: "…")` is a one-element tuple), and, for every one of those that
/// is an enum case, its payloads in turn. So `.row(id: 1, action: .answer(42))` offers its tuple,
/// `1`, `.answer(42)` and `42`: whichever `embed` takes, the one that rebuilds the action is there.
private func payloadCandidates(of value: Any) -> [Any] {
  var candidates: [Any] = []
  var cases = [value]
  while !cases.isEmpty {
    let mirror = Mirror(reflecting: cases.removeFirst())
    guard mirror.displayStyle == .enum || mirror.displayStyle == .optional,
      let payload = mirror.children.first?.value
    else { continue }
    candidates.append(payload)
    let tuple = Mirror(reflecting: payload)
    let values = tuple.displayStyle == .tuple ? tuple.children.map(\.value) : [payload]
    if tuple.displayStyle == .tuple { candidates += values }
    cases += values
  }
  return candidates
}
