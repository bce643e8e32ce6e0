/// How one `forEach` or `ifLet` turns its children's actions into its parent's: `embed` wraps a
/// child's action, and `dismissal`, for a presented child, is the parent's action that dismisses
/// it (see ``ScopedChildren``).
///
/// The reducer makes one when it is made and hands it whole to ``ScopedChildren``, which passes it
/// on to the unspecialized `lift`. A generic struct stores its closures as generic code calls them,
/// so nothing is converted on the way. Passed as two bare closures from the specialized reducer,
/// each was wrapped in a fresh reabstraction thunk at every action, whether or not the child
/// returned effects: two allocations and their releases, 678 of the 1,409 instructions of
/// navigation.stack100.elementAction (BENCHMARKS.md).
@usableFromInline
struct ChildActions<Member, ChildAction, ParentAction>: Sendable {
  @usableFromInline let embed: @Sendable (Member, ChildAction) -> ParentAction
  @usableFromInline let dismissal: (@Sendable (Member) -> ParentAction)?

  @inlinable
  init(
    embed: @escaping @Sendable (Member, ChildAction) -> ParentAction,
    dismissal: (@Sendable (Member) -> ParentAction)? = nil
  ) {
    self.embed = embed
    self.dismissal = dismissal
  }
}
