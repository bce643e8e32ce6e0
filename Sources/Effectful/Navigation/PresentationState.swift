/// A child feature's state that the parent presents (a sheet, a pushed detail, an alert): the
/// child's state while it is shown, `nil` while it is not.
///
/// ```swift
/// struct State {
///   @PresentationState var destination: Destination.State?
/// }
/// // in the parent's body:
/// Reduce { state, action in … }
///   .ifLet(\.$destination, action: Action.destination) {
///     Destination()
///   }
/// ```
///
/// `$destination` is the wrapper itself: the key path `\.$destination` is what `ifLet(_:action:destination:)`
/// scopes to. Setting the value to `nil`, or to another child (another enum case, another `Identifiable` id),
/// ends the shown child: every effect it started is cancelled, whichever reducer made the change.
@propertyWrapper
public struct PresentationState<State> {
  /// The child's state, or `nil` when nothing is shown.
  public var wrappedValue: State?

  /// A presentation showing `wrappedValue`, or nothing.
  ///
  /// ```swift
  /// @PresentationState var alert: AlertState<Action.Alert>?
  /// ```
  public init(wrappedValue: State?) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper itself, for `\.$destination` and `state.$destination`.
  public var projectedValue: PresentationState<State> {
    get { self }
    set { self = newValue }
  }
}

extension PresentationState: Equatable where State: Equatable {}
extension PresentationState: Hashable where State: Hashable {}
extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: CustomStringConvertible {
  /// The child's state, or `nil`.
  public var description: String {
    wrappedValue.map { "\($0)" } ?? "nil"
  }
}
