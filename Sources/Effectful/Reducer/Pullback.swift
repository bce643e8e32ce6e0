/// Turns a reducer on a local value and action into one on the global value and action, as in the
/// episode: actions are picked out with an optional key path.
///
/// ```swift
/// enum AppAction {
///   case counter(CounterAction)
///   var counter: CounterAction? {
///     get { guard case .counter(let value) = self else { return nil }; return value }
///     set { guard case .counter = self, let newValue else { return }; self = .counter(newValue) }
///   }
/// }
/// let appReducer = pullback(counterReducer, value: \AppState.counter, action: \AppAction.counter)
/// ```
///
/// Effects of the local reducer are mapped back into global actions. Prefer the
/// ``pullback(_:value:action:)-(_,_,CasePath<GlobalAction,LocalAction>)`` overload: it needs no
/// hand-written property.
@inlinable
public func pullback<LocalValue, GlobalValue, LocalAction, GlobalAction: Sendable>(
  _ reducer: @escaping Reducer<LocalValue, LocalAction>,
  value: WritableKeyPath<GlobalValue, LocalValue>,
  action: WritableKeyPath<GlobalAction, LocalAction?>
) -> Reducer<GlobalValue, GlobalAction> {
  // Key paths are immutable once formed; those over plain stored properties and the episode's
  // computed enum properties capture nothing, so sharing them across threads is safe.
  let paths = UncheckedSendable((value: value, action: action))
  return { globalValue, globalAction in
    guard let localAction = globalAction[keyPath: paths.value.action] else { return [] }
    let localEffects = reducer(&globalValue[keyPath: paths.value.value], localAction)
    if localEffects.isEmpty { return [] }
    return localEffects.map { localEffect in
      localEffect.map { localAction in
        var globalAction = globalAction
        globalAction[keyPath: paths.value.action] = localAction
        return globalAction
      }
    }
  }
}

/// Turns a reducer on a local value and action into one on the global value and action, picking the
/// action out of an enum with a ``CasePath``.
///
/// ```swift
/// let appReducer: Reducer<AppState, AppAction> = combine(
///   pullback(counterReducer, value: \.counter, action: CasePath(AppAction.counter) {
///     guard case .counter(let action) = $0 else { return nil }
///     return action
///   })
/// )
/// ```
@inlinable
public func pullback<LocalValue, GlobalValue, LocalAction, GlobalAction>(
  _ reducer: @escaping Reducer<LocalValue, LocalAction>,
  value: WritableKeyPath<GlobalValue, LocalValue>,
  action: CasePath<GlobalAction, LocalAction>
) -> Reducer<GlobalValue, GlobalAction> {
  let valuePath = UncheckedSendable(value)  // immutable, as above
  return { globalValue, globalAction in
    guard let localAction = action.extract(globalAction) else { return [] }
    let localEffects = reducer(&globalValue[keyPath: valuePath.value], localAction)
    if localEffects.isEmpty { return [] }
    return localEffects.map { $0.map(action.embed) }
  }
}
