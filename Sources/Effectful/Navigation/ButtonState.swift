/// A button of an alert or a confirmation dialog, as data: its label, its role, and the action it
/// sends when tapped.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion) {
///   TextState("Delete")
/// }
/// ButtonState(role: .cancel) { TextState("Cancel") }   // sends nothing
/// ```
///
/// Any button tapped dismisses its alert: the presentation `ifLet` clears the alert after the
/// parent has seen the button's action (or, for a button without one, on `.dismiss`).
public struct ButtonState<Action> {
  /// What the button is for, as the platform styles it.
  public let role: ButtonStateRole?
  /// What a tap sends, wrapped in `.presented`; `nil` only dismisses.
  public let action: Action?
  /// The button's title.
  public let label: TextState

  /// A button with `label` that sends `action` when tapped.
  ///
  /// ```swift
  /// ButtonState(action: .saveButtonTapped) { TextState("Save") }
  /// ```
  public init(role: ButtonStateRole? = nil, action: Action? = nil, label: () -> TextState) {
    self.role = role
    self.action = action
    self.label = label()
  }

  /// The same button sending `transform`'s action instead.
  ///
  /// ```swift
  /// let parentButton = button.map(ParentAction.alert)
  /// ```
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> ButtonState<NewAction> {
    ButtonState<NewAction>(role: role, action: action.map(transform)) { label }
  }
}

/// What a ``ButtonState`` is for: dismissing without a choice, or a choice that destroys data.
public enum ButtonStateRole: Hashable, Sendable {
  /// Dismisses without choosing, e.g. "Cancel".
  case cancel
  /// Deletes or discards something, e.g. "Delete".
  case destructive
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}

/// Builds the buttons of an alert or a dialog from the statements of a closure, as
/// `AlertState { … } actions: { … }` takes them.
///
/// ```swift
/// actions: {
///   ButtonState(role: .destructive, action: .confirm) {
///     TextState("Delete")
///   }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// }
/// ```
@resultBuilder
public enum ButtonStateBuilder<Action> {
  /// The buttons, in order.
  public static func buildBlock(_ buttons: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    buttons.flatMap { $0 }
  }

  /// One button.
  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }

  /// Buttons from an `if` without `else`.
  public static func buildOptional(_ buttons: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    buttons ?? []
  }

  /// Buttons from the first branch of an `if`/`else`.
  public static func buildEither(first buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  /// Buttons from the second branch of an `if`/`else`.
  public static func buildEither(second buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  /// Buttons from a `for` loop.
  public static func buildArray(_ buttons: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    buttons.flatMap { $0 }
  }
}
