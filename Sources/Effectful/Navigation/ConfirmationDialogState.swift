/// A confirmation dialog (an action sheet) as data: a title, an optional message, and buttons that
/// send actions.
///
/// ```swift
/// state.dialog = ConfirmationDialogState {
///   TextState("Discard changes?")
/// } actions: {
///   ButtonState(role: .destructive, action: .discard) {
///     TextState("Discard")
///   }
///   ButtonState(role: .cancel) { TextState("Keep editing") }
/// }
/// ```
///
/// Scoped like an ``AlertState``: `.ifLet(\.$dialog, action: Action.dialog)`, and cleared after
/// any of its buttons.
public struct ConfirmationDialogState<Action>: DismissedByAnyButton {
  /// Whether the title is shown.
  public let titleVisibility: TitleVisibility
  /// The dialog's title.
  public let title: TextState
  /// The text under the title, if any.
  public let message: TextState?
  /// The buttons, in order.
  public let buttons: [ButtonState<Action>]

  /// A dialog with a title, buttons and an optional message, written as TCA users write it.
  ///
  /// ```swift
  /// ConfirmationDialogState(titleVisibility: .visible) {
  ///   TextState("Share")
  /// } actions: {
  ///   ButtonState(action: .copyLink) { TextState("Copy link") }
  /// }
  /// ```
  public init(
    titleVisibility: TitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.titleVisibility = titleVisibility
    self.title = title()
    buttons = actions()
    self.message = message?()
  }

  /// The same dialog, its buttons sending `transform`'s actions instead.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> ConfirmationDialogState<NewAction> {
    ConfirmationDialogState<NewAction>(
      titleVisibility: titleVisibility, title: title, message: message,
      buttons: buttons.map { $0.map(transform) })
  }

  private init(
    titleVisibility: TitleVisibility, title: TextState, message: TextState?, buttons: [ButtonState<Action>]
  ) {
    self.titleVisibility = titleVisibility
    self.title = title
    self.message = message
    self.buttons = buttons
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Sendable where Action: Sendable {}

/// Whether a dialog shows its title.
public enum TitleVisibility: Hashable, Sendable {
  /// As the platform decides.
  case automatic
  /// Always.
  case visible
  /// Never.
  case hidden
}

/// State that a presentation `ifLet` clears after any action of its child: an alert or a dialog,
/// which goes away whichever button was tapped.
@usableFromInline protocol DismissedByAnyButton {}
