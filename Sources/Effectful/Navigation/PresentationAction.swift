/// An action for a presented child: one of the child's own actions, or the request to dismiss it.
///
/// ```swift
/// enum Action {
///   case destination(PresentationAction<Destination.Action>)
///   case addButtonTapped
/// }
/// // the parent reacts to its child:
/// case .destination(.presented(.add(.saveButtonTapped))):
///   state.destination = nil
///   return .none
/// ```
///
/// `ifLet(_:action:destination:)` routes `.presented` to the child, which runs first, then the
/// parent. `.dismiss` runs the parent first, then clears the child (cancelling its
/// effects); the child's `@Dependency(\.dismiss)` sends it.
public enum PresentationAction<Action> {
  /// An action of the shown child.
  case presented(Action)
  /// Dismiss the shown child: the parent sees it first, then the child's state is cleared.
  case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
