/// Turns a reducer on a local value and action into one on the global value and action, as in the
/// episode: actions are picked out with an optional key path.
///
/// ```swift
/// enum AppAction {
///   case counter(CounterAction)
///   var counter: CounterAction? {
///     get {
///       guard case .counter(let value) = self else { return nil }
///       return value
///     }
///     set {
///       guard case .counter = self, let newValue else { return }
///       self = .counter(newValue)
///     }
///   }
/// }
/// let appReducer = pullback(
///   counterReducer,
///   value: \AppState.counter,
///   action: \AppAction.counter)
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
  let valuePath = LocalValuePath(value)
  // Key paths are immutable once formed; the episode's computed enum properties capture nothing, so
  // sharing them across threads is safe.
  let actionPath = UncheckedSendable(action)
  return { globalValue, globalAction in
    guard let localAction = globalAction[keyPath: actionPath.value] else { return [] }
    let localEffects = valuePath.modify(&globalValue) { reducer(&$0, localAction) }
    if localEffects.isEmpty { return [] }
    return mapEach(localEffects, lifting: valuePath.keyPath) { localAction in
      var globalAction = globalAction
      globalAction[keyPath: actionPath.value] = localAction
      return globalAction
    }
  }
}

/// Turns a reducer on a local value and action into one on the global value and action, picking the
/// action out of an enum with a ``CasePath``.
///
/// ```swift
/// let appReducer: Reducer<AppState, AppAction> = combine(
///   pullback(
///     counterReducer, value: \.counter,
///     action: CasePath(AppAction.counter) {
///       guard case .counter(let action) = $0 else { return nil }
///       return action
///     })
/// )
/// ```
@inlinable
public func pullback<LocalValue, GlobalValue, LocalAction, GlobalAction>(
  _ reducer: @escaping Reducer<LocalValue, LocalAction>,
  value: WritableKeyPath<GlobalValue, LocalValue>,
  action: CasePath<GlobalAction, LocalAction>
) -> Reducer<GlobalValue, GlobalAction> {
  let valuePath = LocalValuePath(value)
  return { globalValue, globalAction in
    guard let localAction = action.extract(globalAction) else { return [] }
    let localEffects = valuePath.modify(&globalValue) { reducer(&$0, localAction) }
    if localEffects.isEmpty { return [] }
    return mapEach(localEffects, lifting: valuePath.keyPath, action.embed)
  }
}

/// Maps every effect of a pullback level's array: what each level of nested features does with each
/// effect on its way up, so it is written for speed. A reducer usually returns one effect: an array
/// literal allocates it at its size, where `Array.map` reserves and then appends, which shows up in
/// `pullback.depth20.withEffect`.
///
/// A removal check (see ``RemovalCheck``) is lifted to read the global value through `path`, so that
/// the store can run it on its own value.
@inlinable
func mapEach<LocalValue, GlobalValue, LocalAction, GlobalAction>(
  _ effects: [Effect<LocalAction>], lifting path: KeyPath<GlobalValue, LocalValue>,
  _ transform: @escaping @Sendable (LocalAction) -> GlobalAction
) -> [Effect<GlobalAction>] {
  if effects.count == 1 { return [effects[0].pulledBack(through: path, transform)] }
  return effects.map { $0.pulledBack(through: path, transform) }
}

extension Effect {
  /// The effect mapped into a parent's action, with a removal check lifted to the parent's value:
  /// `map`'s one switch, so that the lift costs a pullback level nothing when there is no check.
  @inlinable
  func pulledBack<GlobalValue, LocalValue, GlobalAction>(
    through path: KeyPath<GlobalValue, LocalValue>, _ transform: @escaping @Sendable (Output) -> GlobalAction
  ) -> Effect<GlobalAction> {
    switch operation {
    case .none:
      return .none
    case .output(let output):
      return Effect<GlobalAction>(operation: .output(transform(output)))
    case .cancel(let id):
      return Effect<GlobalAction>(operation: .cancel(id))
    case .checkRemovals(let check):
      return Effect<GlobalAction>(operation: .checkRemovals(check.lifted(through: path)))
    case .run(let body):
      return Effect<GlobalAction>(
        operation: .run { downstream in
          body(
            EffectSubscriber(lifetime: downstream.lifetime) { output, provenance in
              downstream.receive(transform(output), provenance)
            })
        })
    }
  }
}
