/// The element (of a `forEach`) or optional child (of an `ifLet`) that a run's effect belongs to:
/// the path of child keys from the store's value down to it, outermost first.
///
/// Cancellation ids used under a scope are the child's own: `cancellable(id: "timer")` in one
/// row's reducer registers `"timer"` qualified by that row's path, so two rows never cancel each
/// other, and the row's `cancel(id: "timer")` reaches only its own timer. Every run of a child is
/// also held among the child's runs in its store, keyed by ``wholeScopeID``, which is how removing
/// the child ends them all.
///
/// A run of a `forEach`'s or `ifLet`'s child has a ``ChildRunScope``: its store holds the run
/// among the child's runs by it.
@usableFromInline
package class EffectScope: @unchecked Sendable {
  // Only `let`s, set once: what makes the unchecked Sendable safe (a class that is subclassed
  // cannot say `Sendable` plainly).
  /// Child keys (see ``ScopedChildren``), outermost first.
  @usableFromInline package let path: [EffectID]
  /// Names the child among its store's children with runs (see ``ChildRuns``); the
  /// finished runs whose outputs are still on their way are remembered under it.
  @usableFromInline package let wholeScopeID: EffectID
  /// The presented child (of a presentation `ifLet` or a stack `forEach`) that `await dismiss()`
  /// in a run under this scope dismisses: this child, if it is presented, or else the innermost
  /// presented child around it. Every part of a run inherits its scope, so a part that starts
  /// late (a later step of a `.concatenate`) still finds its child.
  @usableFromInline let presented: PresentedChild?

  /// The scope of the child `key` inside `parent` (or at the top, when `parent` is nil), presented
  /// as `presented` when it is a presented child.
  @usableFromInline
  convenience init(parent: EffectScope?, key: EffectID, presented: PresentedChild? = nil) {
    self.init(parent: parent, place: ScopePlace(parent: parent, key: key), presented: presented)
  }

  /// The scope of the child at `place` inside `parent`, presented as `presented` when it is a
  /// presented child.
  // Inlinable, so that the place a child's run passes on is moved in rather than copied once more
  // (its path, and its id through the runtime's value witnesses) and destroyed: about 240
  // instructions of navigation.presentDismiss (BENCHMARKS.md).
  @inlinable
  init(parent: EffectScope?, place: ScopePlace, presented: PresentedChild?) {
    path = place.path
    wholeScopeID = place.wholeScopeID
    self.presented = presented ?? parent?.presented
  }
}

/// Where one child's scope is: its path and the id of its whole scope. An `ifLet` whose child is
/// always the same member (one that is neither an enum nor `Identifiable`) works out its place at
/// the top of a store once, rather than at every run (see ``ScopedChildren``).
@usableFromInline
struct ScopePlace: Sendable {
  @usableFromInline let path: [EffectID]
  @usableFromInline let wholeScopeID: EffectID

  /// The place of the child `key` inside `parent`, or at the top when `parent` is nil.
  @usableFromInline
  init(parent: EffectScope?, key: EffectID) {
    // One allocation, not two (`[] + [key]`): a child's run makes its scope as it starts.
    if let parent { path = parent.path + [key] } else { path = [key] }
    wholeScopeID = EffectID(WholeScope(path: path))
  }
}

extension EffectID {
  /// This id as the effects under the child keys `path` use it: the one place an id is qualified.
  ///
  /// Qualified twice, the paths join, outermost first: a nested child's `.cancel(id:)` is qualified
  /// by its own key when its reducer returns it (so that the store can cancel it without a run),
  /// and by the enclosing child's scope when the effect runs under it.
  @usableFromInline
  package func qualified(by path: [EffectID]) -> EffectID {
    if let inner = base as? ScopedID {
      return EffectID(ScopedID(path: path + inner.path, id: inner.id))
    }
    return EffectID(ScopedID(path: path, id: self))
  }
}

extension EffectLifetime {
  /// `id` as this run uses it: qualified by the child the run belongs to, if any. Every operator
  /// that registers or cancels an id asks here, so that one row's ids never reach another row's.
  @inlinable
  package func ownID(_ id: EffectID) -> EffectID {
    guard let scope else { return id }
    return id.qualified(by: scope.path)
  }
}

/// An id used under a child's scope. Internal, so no user id can equal one.
struct ScopedID: Hashable, Sendable {
  let path: [EffectID]
  let id: EffectID
}

/// The id that names one child among its store's children with runs.
struct WholeScope: Hashable, Sendable {
  let path: [EffectID]
}
