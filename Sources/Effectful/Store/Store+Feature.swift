/// The store of a feature reducer: `StoreOf<CounterFeature>` is
/// `Store<CounterFeature.State, CounterFeature.Action>`.
///
/// ```swift
/// struct CounterView: View {
///   let store: StoreOf<CounterFeature>
/// }
/// ```
public typealias StoreOf<R: ReducerProtocol> = Store<R.State, R.Action>

extension Store {
  /// Creates a store running a feature reducer, given in a trailing closure as the seeds write it.
  ///
  /// ```swift
  /// let store = Store(initialState: CounterFeature.State()) {
  ///   CounterFeature()
  /// }
  /// ```
  ///
  /// The feature's `body` is evaluated once, here; the store runs the function it makes (see
  /// ``ReducerProtocol/reducer``). The store belongs to `isolation`, as with
  /// ``init(initialValue:reducer:isolation:)``.
  public convenience init<R: ReducerProtocol>(
    initialState: R.State,
    reducer: () -> R,
    isolation: (any Actor)? = #isolation
  ) where R.State == Value, R.Action == Action {
    self.init(initialValue: initialState, reducer: reducer().reducer, isolation: isolation)
  }
}
