/// A feature's logic: given the current value and an action, mutate the value and return the effects
/// to run.
///
/// ```swift
/// public let counterReducer: Reducer<CounterState, CounterAction> = {
///   state, action in
///   switch action {
///   case .incrementButtonTapped:
///     state.count += 1
///     return []
///   case .factButtonTapped:
///     let n = state.count
///     return [
///       Effect.sync { "\(n) is a number." }
///         .map(CounterAction.factResponse)
///     ]
///   case .factResponse(let fact):
///     state.fact = fact
///     return []
///   }
/// }
/// ```
///
/// The function type is `@Sendable` so that reducers can be global `let`s in Swift 6, as in the
/// episode, without `nonisolated(unsafe)`: capture only `Sendable` values (environments are structs of
/// `@Sendable` closures).
public typealias Reducer<Value, Action> = @Sendable (inout Value, Action) -> [Effect<Action>]

/// Runs reducers one after another on the same value and action, gathering all of their effects.
///
/// ```swift
/// public let appReducer: Reducer<AppState, AppAction> = combine(
///   pullback(counterReducer, value: \.counter, action: \.counter),
///   pullback(
///     favoritePrimesReducer,
///     value: \.favoritePrimes,
///     action: \.favoritePrimes)
/// )
/// ```
@inlinable
public func combine<Value, Action>(_ reducers: Reducer<Value, Action>...) -> Reducer<Value, Action> {
  combine(reducers)
}

/// Runs reducers one after another on the same value and action, gathering all of their effects.
///
/// ```swift
/// let featureReducers: [Reducer<AppState, AppAction>] = [
///   counterFeature, favoritesFeature,
/// ]
/// let reducer = combine(featureReducers)
/// ```
@inlinable
public func combine<Value, Action>(_ reducers: [Reducer<Value, Action>]) -> Reducer<Value, Action> {
  { value, action in
    var effects: [Effect<Action>] = []
    for reducer in reducers {
      let more = reducer(&value, action)
      // Appending even an empty array to the empty one allocates a buffer: most reducers of a combine
      // return nothing for most actions, and the first that returns something lends its array.
      if more.isEmpty { continue }
      if effects.isEmpty { effects = more } else { effects.append(contentsOf: more) }
    }
    return effects
  }
}
