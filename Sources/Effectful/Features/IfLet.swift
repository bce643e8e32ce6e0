/// Turns a reducer on a child into a reducer on a parent that holds the child's state as an optional:
/// the child's actions are reduced into it while it is there.
///
/// ```swift
/// enum AppAction {
///   case detail(DetailAction), rowTapped(Row.ID), detailClosed
/// }
/// let detailCase = CasePath(AppAction.detail) { action in
///   guard case .detail(let detailAction) = action else { return nil }
///   return detailAction
/// }
/// let appReducer: Reducer<AppState, AppAction> = combine(
///   ifLet(detailReducer, value: \.detail, action: detailCase),
///   // sets `detail` when a row is tapped, and back to nil on close
///   appOwnReducer
/// )
/// ```
///
/// The child's effects are its own: cancellation ids inside its reducer are scoped to it, and when
/// its state becomes `nil` every effect it started is cancelled, whichever reducer set it to `nil`
/// (the check runs once the store has reduced the whole action). A child that is `Identifiable` is
/// that child only while its `id` stays: replaced by a child with another `id` (the detail of row 2
/// opened over row 1's), its effects are cancelled as if it had been set to `nil`, so that none of
/// its answers lands in the new child. Replaced by a value with the same `id`, or, for a child that
/// is not `Identifiable`, by any non-nil value, its effects keep running.
///
/// An action that arrives while the state is `nil` changes nothing and is reported: on standard
/// error in an app, as a test failure under a test store.
@inlinable
public func ifLet<ParentValue, ParentAction, ChildValue, ChildAction>(
  _ child: @escaping Reducer<ChildValue, ChildAction>,
  value: WritableKeyPath<ParentValue, ChildValue?>,
  action: CasePath<ParentAction, ChildAction>
) -> Reducer<ParentValue, ParentAction> {
  let valuePath = LocalValuePath(value)
  let scopes = ChildScope(value)
  return { parent, parentAction in
    var effects: [Effect<ParentAction>] = []
    var startsEffects = false
    if let childAction = action.extract(parentAction) {
      let childEffects = valuePath.modify(&parent) { state -> [Effect<ParentAction>]? in
        // Moved out and back, not copied: the child's storage stays uniquely referenced.
        guard var present = state.take() else { return nil }
        defer { state = present }
        let childEffects = child(&present, childAction)
        return childEffects.isEmpty ? [] : scopes.lift(childEffects, of: present, embed: action.embed)
      }
      if let childEffects {
        if !childEffects.isEmpty {
          startsEffects = true
          effects = childEffects
        }
      } else {
        scopes.reportMissing(parentAction)
      }
    }
    if startsEffects || scopes.tracker.hasRunningEffects {
      effects.append(Effect(operation: .checkRemovals(scopes.removalCheck)))
    }
    return effects
  }
}

/// What one `ifLet` keeps for its child's effects: whether they run, how to scope them, and the
/// removal check. Off the hot path, so not inlinable.
@usableFromInline
final class ChildScope<ParentValue, ChildValue>: Sendable {
  @usableFromInline let tracker = ScopeTracker<ChildIdentity>()
  @usableFromInline let removalCheck: RemovalCheck
  let namespace: ObjectIdentifier
  // Key paths are immutable once formed; the ones `ifLet` takes name plain properties.
  let path: UncheckedSendable<KeyPath<ParentValue, ChildValue?>>

  @usableFromInline
  init(_ path: KeyPath<ParentValue, ChildValue?>) {
    // This object, which the reducer keeps for its life: each `ifLet` is a namespace of its own.
    let tracker = self.tracker
    let namespace = ObjectIdentifier(tracker)
    let readPath = UncheckedSendable(path)
    self.namespace = namespace
    self.path = readPath
    removalCheck = RemovalCheck(for: ParentValue.self) { parent, scope, registry in
      let present = parent[keyPath: readPath.value].map(ChildIdentity.init)
      tracker.cancelGone(in: registry, under: scope, isPresent: { $0 == present }) { identity in
        EffectID(OptionalKey(id: namespace, child: identity))
      }
    }
  }

  /// The child's effects as the parent's (see ``ElementScopes/lift(_:of:embed:)``): scoped to the
  /// child that returned them, `present`.
  @usableFromInline
  func lift<ChildAction, ParentAction>(
    _ effects: [Effect<ChildAction>], of present: ChildValue,
    embed: @escaping @Sendable (ChildAction) -> ParentAction
  ) -> [Effect<ParentAction>] {
    let identity = ChildIdentity(present)
    let key = EffectID(OptionalKey(id: namespace, child: identity))
    let path = self.path
    let namespace = self.namespace
    return effects.map { effect in
      if let check = effect.removalCheck {
        let lifted = RemovalCheck(for: ParentValue.self) { parent, scope, registry in
          guard let present = parent[keyPath: path.value] else { return }
          // The child there now: a replaced child's effects are the outer check's to cancel.
          let key = EffectID(OptionalKey(id: namespace, child: ChildIdentity(present)))
          check.check(present, EffectScope(parent: scope, key: key), registry)
        }
        return Effect(operation: .checkRemovals(lifted))
      }
      return effect.scoped(to: key, member: identity, tracker: tracker).map(embed)
    }
  }

  @usableFromInline
  func reportMissing<Action>(_ action: Action) {
    FeatureDiagnostics.missingChild(action, child: ChildValue.self)
  }
}

/// Which `ifLet` a child belongs to, and which child: one reducer value is one namespace, and in
/// it each child identity a scope of its own.
struct OptionalKey: Hashable, Sendable {
  let id: ObjectIdentifier
  let child: ChildIdentity
}

/// Who an `ifLet`'s child is: its `id` when it is `Identifiable`, so that a child replaced by one
/// with another `id` counts as gone; otherwise one identity for whatever value is there.
@usableFromInline
struct ChildIdentity: Hashable, @unchecked Sendable {
  // Only compared and hashed, under the tracker's lock or on the store's thread. `AnyHashable` does
  // not say it is `Sendable`; an `id` is a value (an `Int`, a `UUID`) in practice.
  let id: AnyHashable?

  init<Child>(_ child: Child) {
    // The cast is paid only by children that are `Identifiable`.
    guard Child.self is any Identifiable.Type, let identifiable = child as? any Identifiable else {
      id = nil
      return
    }
    id = Self.id(of: identifiable)
  }

  private static func id(of child: some Identifiable) -> AnyHashable { AnyHashable(child.id) }
}
