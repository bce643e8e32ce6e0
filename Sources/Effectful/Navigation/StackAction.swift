/// An action for a navigation stack: one element's own action, a pop, or a push.
///
/// ```swift
/// enum Action {
///   case path(StackAction<Path.State, Path.Action>)
/// }
/// // the parent reacts to one screen:
/// case .path(.element(id: let id, action: .detail(.deleteButtonTapped))):
///   state.path.pop(from: id)
///   return .none
/// ```
///
/// The stack's `forEach(_:action:destination:)` routes `.element` to that element first, then runs the
/// parent; `.popFrom` and `.push` run the parent first, then change the stack. A view's "back" gesture sends
/// `.popFrom`, a link sends `.push`, and an element's `@Dependency(\.dismiss)` sends `.popFrom` with its own
/// id.
public enum StackAction<State, Action> {
  /// An action of the element with `id`.
  case element(id: StackElementID, action: Action)
  /// Pops the element with `id` and every element above it.
  case popFrom(id: StackElementID)
  /// Pushes `state` with `id`, which must be the id the store hands out next (the number of ids it
  /// handed out before): another id is reported and changes nothing.
  case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}
