/// Wraps a reducer so that every action and the value after it are printed, as an effect.
///
/// ```swift
/// let store = Store(initialValue: AppState(), reducer: logging(appReducer))
/// // Action: counter(incrementButtonTapped)
/// // Value:
/// // ▿ AppState …
/// // ---
/// ```
///
/// - Parameters:
///   - reducer: The reducer whose actions and values are printed.
///   - printer: Where the lines go; `print` by default. Tests pass a closure that collects
///     them, apps can send them to a logger. It runs as an effect, after the reducer, never inside it.
public func logging<Value, Action>(
  _ reducer: @escaping Reducer<Value, Action>,
  printer: @escaping @Sendable (String) -> Void = { print($0) }
) -> Reducer<Value, Action> {
  { value, action in
    let effects = reducer(&value, action)
    var actionText = ""
    dump(action, to: &actionText)
    var valueText = ""
    dump(value, to: &valueText)
    let entry = "Action: \(actionText.trimmingSuffixNewlines())\nValue:\n\(valueText)---"
    return [.fireAndForget { printer(entry) }] + effects
  }
}

extension String {
  fileprivate func trimmingSuffixNewlines() -> Substring {
    var text = self[...]
    while text.last == "\n" { text = text.dropLast() }
    if text.hasPrefix("- ") { text = text.dropFirst(2) }
    return text
  }
}
