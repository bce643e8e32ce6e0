/// Wraps a reducer so that every action is printed with only the fields it changed, as an effect:
/// the tutorial's `_printChanges()`.
///
/// ```swift
/// let store = Store(
///   initialValue: AppState(), reducer: loggingChanges(appReducer))
/// store.send(.counter(.incrementButtonTapped))
/// // Action: AppAction.counter(.incrementButtonTapped)
/// //   AppState.counter.count: 0 → 1
/// ```
///
/// It has the shape `(Reducer<Value, Action>) -> Reducer<Value, Action>`, so it composes point-free
/// like ``logging(_:)``: `with(appReducer, compose(loggingChanges, activityFeed))`. (Its name is
/// not `logging(changes:)` because a second `logging` of that shape would make the bare `logging`
/// of the episode's `compose(logging, activityFeed)` ambiguous.)
///
/// Changes are found as a failing test store finds them, by reflecting the value before and after
/// the action: one line per changed field, named by its path from the root type; a collection that
/// grew or shrank is one line (`AppState.favoritePrimes: 2 → 3 elements (added [2]: 5)`). An
/// action that changes nothing prints `(no state changes)`. Long actions and values are cut after
/// 200 and 100 characters, and an entry stops after 20 changes (`… and 4 more changes`). Reading
/// the whole value twice per action costs time that grows with its size: it is for debugging, not
/// for a release build's hot path. To send the lines elsewhere, use
/// ``loggingChanges(_:printer:)``.
public func loggingChanges<Value, Action>(
  _ reducer: @escaping Reducer<Value, Action>
) -> Reducer<Value, Action> {
  loggingChanges(reducer, printer: { print($0) })
}

/// Wraps a reducer so that every action and the fields it changed go to `printer`, as an effect.
///
/// ```swift
/// let reducer = loggingChanges(appReducer, printer: { entry in
///   FileHandle.standardError.write(Data((entry + "\n").utf8))
/// })
/// ```
///
/// Each entry is one string of several lines: `Action: …`, then each change indented by two
/// spaces (see ``loggingChanges(_:)``). The printer runs as an effect, after the reducer, never
/// inside it, on the store's thread. To pass a printer and still compose point-free, close over it:
/// `compose({ loggingChanges($0, printer: log) }, activityFeed)`.
///
/// - Parameters:
///   - reducer: The reducer whose actions and changes are printed.
///   - printer: Where the entries go: a logger, standard error, or a test's collector.
public func loggingChanges<Value, Action>(
  _ reducer: @escaping Reducer<Value, Action>,
  printer: @escaping @Sendable (String) -> Void
) -> Reducer<Value, Action> {
  { value, action in
    let before = value
    let effects = reducer(&value, action)
    let entry = changesEntry(action: action, before: before, after: value)
    return [.fireAndForget { printer(entry) }] + effects
  }
}

/// `Action: …` and the changes, one indented line each.
private func changesEntry(action: Any, before: Any, after: Any) -> String {
  let actionText = DumpNode(reflecting: action).abbreviated(limit: 200, isRoot: true)
  let changed = changes(from: before, to: after)
  let lines = changed.isEmpty ? ["(no state changes)"] : changed
  return "Action: \(actionText)\n" + lines.map { "  " + $0 }.joined(separator: "\n")
}
