/// The element (of a `forEach`) or optional child (of an `ifLet`) that a run's effect belongs to:
/// the path of element keys from the store's value down to it, outermost first.
///
/// Cancellation ids used under a scope are the element's own: `cancellable(id: "timer")` in one
/// row's reducer registers `"timer"` qualified by that row's path, so two rows never cancel each
/// other, and the row's `cancel(id: "timer")` reaches only its own timer. Every run of an element
/// is also registered under ``wholeScopeID``, which is how removing the element ends them all.
@usableFromInline
package final class EffectScope: Sendable {
  /// Element keys, outermost first.
  package let path: [EffectID]
  /// Cancelling this id cancels every run of the element's effects.
  package let wholeScopeID: EffectID

  /// The scope of the element `key` inside `parent` (or at the top, when `parent` is nil).
  package init(parent: EffectScope?, key: EffectID) {
    path = (parent?.path ?? []) + [key]
    wholeScopeID = EffectID(WholeScope(path: path))
  }

  /// `id`, as the effects of this scope use it. An id already qualified by an inner scope (a
  /// nested element's `.cancel(id:)`, rewritten when its reducer returned it) gets this path in front.
  @usableFromInline
  package func qualify(_ id: EffectID) -> EffectID {
    if let inner = id.base as? ScopedID {
      return EffectID(ScopedID(path: path + inner.path, id: inner.id))
    }
    return EffectID(ScopedID(path: path, id: id))
  }
}

extension EffectID {
  /// This id as the element `key` uses it, for a `.cancel(id:)` its reducer returned: the same id
  /// a run under that element's scope registers (see ``EffectScope/qualify(_:)``), built before the
  /// run exists, so that the store can still cancel it on the spot.
  package func qualified(by key: EffectID) -> EffectID {
    if let inner = base as? ScopedID {
      return EffectID(ScopedID(path: [key] + inner.path, id: inner.id))
    }
    return EffectID(ScopedID(path: [key], id: self))
  }
}

/// An id used under an element's scope. Internal, so no user id can equal one.
struct ScopedID: Hashable, Sendable {
  let path: [EffectID]
  let id: EffectID
}

/// The id every run of one element is registered under.
struct WholeScope: Hashable, Sendable {
  let path: [EffectID]
}
