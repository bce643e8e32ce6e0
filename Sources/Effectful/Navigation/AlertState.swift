/// An alert as data: a title, an optional message, and buttons that send actions.
///
/// ```swift
/// state.alert = AlertState {
///   TextState("Delete?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmDeletion) {
///     TextState("Delete")
///   }
/// } message: {
///   TextState("This cannot be undone.")
/// }
/// ```
///
/// Held in a `@PresentationState` and scoped with `.ifLet(\.$alert, action: Action.alert)`: a
/// button's action reaches the parent as `.alert(.presented(action))`, and then the alert is
/// cleared, whichever button it was. An alert without buttons shows one that dismisses it.
public struct AlertState<Action>: DismissedByAnyButton {
  /// The alert's title.
  public let title: TextState
  /// The text under the title, if any.
  public let message: TextState?
  /// The buttons, in order.
  public let buttons: [ButtonState<Action>]

  /// An alert with a title, buttons and an optional message, written as TCA users write it.
  ///
  /// ```swift
  /// AlertState { TextState("Saved") }
  /// ```
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.title = title()
    buttons = actions()
    self.message = message?()
  }

  /// The same alert, its buttons sending `transform`'s actions instead.
  ///
  /// ```swift
  /// let alert: AlertState<Parent.Action> = childAlert.map(Parent.Action.child)
  /// ```
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> AlertState<NewAction> {
    AlertState<NewAction>(title: title, message: message, buttons: buttons.map { $0.map(transform) })
  }

  private init(title: TextState, message: TextState?, buttons: [ButtonState<Action>]) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}
