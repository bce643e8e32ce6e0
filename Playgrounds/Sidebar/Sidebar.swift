import Effectful
import Foundation

/// Wraps a reducer so that every action it reduces, and the state after it, is printed: the
/// playground's sidebar.
///
/// ```swift
/// let store = Store(initialValue: CounterState(), reducer: sidebar(counterReducer(environment: .offline)))
/// store.send(.incrementButtonTapped)
/// // ▸ incrementButtonTapped
/// //   count: 1
/// ```
///
/// The state is shown by ``sidebarState(_:)``: fields that are nil, false or empty are left out. The
/// printing is an effect, returned ahead of the reducer's own, as `logging` does: so an action an
/// effect sends at once is printed after the action that started it.
public func sidebar<Value, Action>(_ reducer: @escaping Reducer<Value, Action>) -> Reducer<Value, Action> {
  { value, action in
    let effects = reducer(&value, action)
    let entry = "▸ \(sidebarDescription(of: action))\n  \(sidebarState(value))"
    return [.fireAndForget { print(entry) }] + effects
  }
}

/// The state as a sidebar shows it: its fields on one line, a nested struct's fields in place of the
/// struct, and fields that are nil, false or empty left out so that what is set stands out. A list
/// of structs (the rows of a list screen) gets a line per element, named as the code reaches it
/// (`rows[id: 2]`), so that a list of a few rows still reads at 100 columns.
///
/// ```swift
/// sidebarState(CounterViewState(counter: CounterState(count: 2), favoritePrimes: [2]))
/// // "count: 2 · favoritePrimes: [2]"
/// sidebarState(CountersList.State(rows: [CounterRow.State(id: 1), CounterRow.State(id: 2, count: 3)]))
/// // "nextID: 1\n  rows[id: 1]: count: 0\n  rows[id: 2]: count: 3"
/// ```
public func sidebarState(_ state: Any) -> String {
  var fields: [String] = []
  var elementLines: [String] = []
  for child in Mirror(reflecting: state).children {
    let mirror = Mirror(reflecting: child.value)
    if mirror.displayStyle == .struct, !mirror.children.isEmpty {
      fields.append(contentsOf: mirror.children.compactMap(sidebarField))
    } else if let label = child.label, let lines = sidebarElementLines(label, child.value) {
      elementLines += lines
    } else if let field = sidebarField(child) {
      fields.append(field)
    }
  }
  let first =
    fields.isEmpty && elementLines.isEmpty
    ? "(all fields nil, false or empty)" : fields.joined(separator: " · ")
  return ([first].filter { !$0.isEmpty } + elementLines).joined(separator: "\n  ")
}

/// A line per element of `value` when it is a non-empty collection of structs, or nil: each
/// element named by its `id` when it has one (then left out of its fields), by its offset if not.
private func sidebarElementLines(_ label: String, _ value: Any) -> [String]? {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .collection, !mirror.children.isEmpty,
    mirror.children.allSatisfy({ Mirror(reflecting: $0.value).displayStyle == .struct })
  else { return nil }
  return mirror.children.enumerated().map { offset, element in
    let fields = Mirror(reflecting: element.value).children
    let id = fields.first { $0.label == "id" }.map { "id: \(sidebarDescription(of: $0.value))" }
    let shown = fields.filter { id == nil || $0.label != "id" }.compactMap(sidebarField)
    return "\(label)[\(id ?? String(offset))]: "
      + (shown.isEmpty ? "(all fields nil, false or empty)" : shown.joined(separator: " · "))
  }
}

/// `label: value`, or nil for a field that is nil, false or an empty collection. A struct, or an
/// optional one, shows only its fields that are set, as the state does.
private func sidebarField(_ child: Mirror.Child) -> String? {
  let mirror = Mirror(reflecting: child.value)
  if mirror.displayStyle == .optional, mirror.children.isEmpty { return nil }
  if let flag = child.value as? Bool, !flag { return nil }
  if mirror.displayStyle == .collection || mirror.displayStyle == .set || mirror.displayStyle == .dictionary,
    mirror.children.isEmpty
  {
    return nil
  }
  let text = compactStruct(child.value) ?? sidebarDescription(of: child.value)
  guard let label = child.label else { return text }
  return "\(label): \(text)"
}

/// `Type(a: 1, b: 2)` for a struct, or an optional one, with its nil, false and empty fields left
/// out; nil for anything else.
private func compactStruct(_ value: Any) -> String? {
  var mirror = Mirror(reflecting: value)
  if mirror.displayStyle == .optional, let wrapped = mirror.children.first?.value {
    mirror = Mirror(reflecting: wrapped)
  }
  guard mirror.displayStyle == .struct, !mirror.children.isEmpty else { return nil }
  let fields = mirror.children.compactMap(sidebarField)
  return "\(mirror.subjectType)(\(fields.joined(separator: ", ")))"
}

/// A one-line description of a value, as a playground's sidebar shows it: no module prefixes,
/// `Optional` unwrapped, strings quoted.
///
/// ```swift
/// sidebarDescription(of: CounterAction.nthPrimeResponse(n: 3, .success(5)))
/// // "nthPrimeResponse(n: 3, success(5))"
/// ```
public func sidebarDescription(of value: Any, isTopLevel: Bool = false) -> String {
  if let string = value as? String { return string.debugDescription }
  if let offsets = value as? IndexSet { return "[\(offsets.map(String.init).joined(separator: ", "))]" }
  let mirror = Mirror(reflecting: value)
  switch mirror.displayStyle {
  case .optional:
    guard let wrapped = mirror.children.first?.value else { return "nil" }
    return sidebarDescription(of: wrapped)
  case .enum:
    guard let payload = mirror.children.first else {
      // A case without a payload. An enum that describes itself (an error's message) is shown as
      // that text, quoted: splitting a sentence at "." cut messages like "…wolframalpha.com)…".
      if value is CustomStringConvertible { return String(describing: value).debugDescription }
      return String(String(reflecting: value).split(separator: ".").last ?? "")
    }
    let label = payload.label ?? String(describing: value)
    return "\(label)(\(sidebarDescription(of: payload.value, isTopLevel: true)))"
  case .struct, .class, .tuple:
    let fields = mirror.children.map { child in
      let text = sidebarDescription(of: child.value)
      guard let label = child.label, !label.hasPrefix(".") else { return text }
      return "\(label): \(text)"
    }
    let list = fields.joined(separator: ", ")
    if isTopLevel { return list }
    if mirror.displayStyle == .tuple { return "(\(list))" }
    return "\(mirror.subjectType)(\(list))"
  default:
    return String(describing: value)
  }
}

/// Prints a heading for the next step of the walk-through.
public func step(_ text: String) {
  print("\n// \(text)")
}

/// Runs the main queue, where effects deliver, until `isDone` holds or `timeout` passes.
///
/// ```swift
/// store.send(.nthPrimeButtonTapped)
/// runMainQueue(until: { !store.value.isNthPrimeButtonDisabled })
/// ```
///
/// - Returns: whether `isDone` held; false means the timeout passed first.
@MainActor
@discardableResult
public func runMainQueue(until isDone: () -> Bool, timeout: Duration = .seconds(10)) -> Bool {
  let deadline = ContinuousClock.now + timeout
  while !isDone() {
    guard ContinuousClock.now < deadline else { return false }
    _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
  }
  return true
}

/// Runs the main queue, where effects deliver, for `duration` of real time.
@MainActor
public func runMainQueue(for duration: Duration) {
  let deadline = ContinuousClock.now + duration
  runMainQueue(until: { ContinuousClock.now >= deadline }, timeout: duration + .seconds(1))
}
