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
/// struct, and fields that are nil, false or empty left out so that what is set stands out.
///
/// ```swift
/// sidebarState(CounterViewState(counter: CounterState(count: 2), favoritePrimes: [2]))
/// // "count: 2 · favoritePrimes: [2]"
/// ```
public func sidebarState(_ state: Any) -> String {
  var fields: [String] = []
  for child in Mirror(reflecting: state).children {
    let mirror = Mirror(reflecting: child.value)
    if mirror.displayStyle == .struct, !mirror.children.isEmpty {
      fields.append(contentsOf: mirror.children.compactMap(sidebarField))
    } else if let field = sidebarField(child) {
      fields.append(field)
    }
  }
  return fields.isEmpty ? "(all fields nil, false or empty)" : fields.joined(separator: " · ")
}

/// `label: value`, or nil for a field that is nil, false or an empty collection.
private func sidebarField(_ child: Mirror.Child) -> String? {
  let mirror = Mirror(reflecting: child.value)
  if mirror.displayStyle == .optional, mirror.children.isEmpty { return nil }
  if let flag = child.value as? Bool, !flag { return nil }
  if mirror.displayStyle == .collection || mirror.displayStyle == .set || mirror.displayStyle == .dictionary,
    mirror.children.isEmpty
  {
    return nil
  }
  let text = sidebarDescription(of: child.value)
  guard let label = child.label else { return text }
  return "\(label): \(text)"
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
