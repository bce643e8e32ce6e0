/// Wraps a reducer so that every action and the value after it are printed with `print`, as an effect.
///
/// ```swift
/// let store = Store(initialValue: AppState(), reducer: logging(appReducer))
/// // Action: counter(incrementButtonTapped)
/// // Value:
/// // ▿ AppState …
/// // ---
/// ```
///
/// It has exactly the shape `(Reducer<Value, Action>) -> Reducer<Value, Action>`, so it composes as a
/// function value, the way the episode builds its app reducer:
///
/// ```swift
/// let reducer = with(appReducer, compose(logging, activityFeed))
/// ```
///
/// Values are printed with `dump`, one field a line. To send the lines elsewhere (a logger, a test's
/// collector), use ``logging(_:printer:)``.
public func logging<Value, Action>(
  _ reducer: @escaping Reducer<Value, Action>
) -> Reducer<Value, Action> {
  logging(reducer, printer: { print($0) })
}

/// Wraps a reducer so that every action and the value after it go to `printer`, as an effect.
///
/// ```swift
/// let reducer = logging(appReducer, printer: { entry in
///   FileHandle.standardError.write(Data((entry + "\n").utf8))
/// })
/// ```
///
/// The printer runs as an effect, after the reducer, never inside it: the store calls it when it starts
/// the effect, on the store's thread. Each entry is one string: `Action: …`, `Value:`, the value as
/// `dump` prints it, `---`.
/// To pass a printer and still compose point-free, close over it:
/// `compose({ logging($0, printer: log) }, activityFeed)`.
///
/// - Parameters:
///   - reducer: The reducer whose actions and values are printed.
///   - printer: Where the lines go. Tests pass a closure that collects them, apps can send them to
///     a logger.
public func logging<Value, Action>(
  _ reducer: @escaping Reducer<Value, Action>,
  printer: @escaping @Sendable (String) -> Void
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
