/// The episode's reducer: mutate the value for an action and return the effects to run.
///
/// ```swift
/// let counter: Reducer<Int, Void> = { count, _ in count += 1; return [] }
/// ```
public typealias Reducer<Value, Action> = (inout Value, Action) -> [Effect<Action>]

/// Runs reducers one after another on the same value and action, gathering their effects.
///
/// ```swift
/// let appReducer = combine(counterReducer, favoritesReducer)
/// ```
public func combine<Value, Action>(_ reducers: Reducer<Value, Action>...) -> Reducer<Value, Action> {
  { value, action in reducers.flatMap { $0(&value, action) } }
}

/// Lifts a reducer on a local value and action to a global one, as in the episode: the action is picked
/// out with an optional key path, and every local effect is wrapped in a new effect that embeds its
/// outputs back into the global action.
///
/// ```swift
/// let appReducer = pullback(counterReducer, value: \AppState.count, action: \AppAction.counter)
/// ```
///
/// An action the key path does not extract is ignored.
public func pullback<LocalValue, GlobalValue, LocalAction, GlobalAction>(
  _ reducer: @escaping Reducer<LocalValue, LocalAction>,
  value: WritableKeyPath<GlobalValue, LocalValue>,
  action: WritableKeyPath<GlobalAction, LocalAction?>
) -> Reducer<GlobalValue, GlobalAction> {
  { globalValue, globalAction in
    guard let localAction = globalAction[keyPath: action] else { return [] }
    let localEffects = reducer(&globalValue[keyPath: value], localAction)
    return localEffects.map { localEffect in
      Effect { callback in
        localEffect.run { localAction in
          var globalAction = globalAction
          globalAction[keyPath: action] = localAction
          callback(globalAction)
        }
      }
    }
  }
}
