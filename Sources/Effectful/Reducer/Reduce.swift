/// A feature reducer from a closure: how a `body` says what its own feature does, and how an
/// episode-style ``Reducer`` function becomes a feature.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in
///     switch action {
///     case .incrementButtonTapped:
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// // a function of the episode's kind, as a feature:
/// let feature = Reduce(counterReducer)
/// ```
///
/// The closure is the ``Reducer`` function itself, so a store running `Reduce` runs it with no
/// wrapper around it.
public struct Reduce<State, Action>: ReducerProtocol {
  @usableFromInline let reduce: Reducer<State, Action>

  /// A feature whose reducer is `reduce`.
  ///
  /// ```swift
  /// Reduce { state, action in
  ///   state.count += 1
  ///   return .none
  /// }
  /// ```
  @inlinable
  public init(_ reduce: @escaping Reducer<State, Action>) {
    self.reduce = reduce
  }

  /// A feature that runs another feature's function: ``ReducerProtocol/reducer`` of `feature`, made once.
  ///
  /// ```swift
  /// let erased = Reduce(CounterFeature())
  /// ```
  @inlinable
  public init<R: ReducerProtocol>(_ feature: R) where R.State == State, R.Action == Action {
    self.reduce = feature.reducer
  }

  /// Runs the closure.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> [Effect<Action>] {
    reduce(&state, action)
  }

  /// The closure.
  public func _reducer() -> Reducer<State, Action> { reduce }
}
