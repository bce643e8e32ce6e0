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
/// (the check runs once the store has reduced the whole action). Replacing the child's state with
/// another non-nil value keeps its effects running.
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
      let childEffects = valuePath.modify(&parent) { state -> [Effect<ChildAction>]? in
        // Moved out and back, not copied: the child's storage stays uniquely referenced.
        guard var present = state.take() else { return nil }
        defer { state = present }
        return child(&present, childAction)
      }
      if let childEffects {
        if !childEffects.isEmpty {
          startsEffects = true
          effects = scopes.lift(childEffects, embed: action.embed)
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
  @usableFromInline let tracker = ScopeTracker<Present>()
  @usableFromInline let removalCheck: RemovalCheck
  let key: EffectID
  // Key paths are immutable once formed; the ones `ifLet` takes name plain properties.
  let path: UncheckedSendable<KeyPath<ParentValue, ChildValue?>>

  @usableFromInline
  init(_ path: KeyPath<ParentValue, ChildValue?>) {
    // This object, which the reducer keeps for its life: each `ifLet` is a namespace of its own.
    let tracker = self.tracker
    let key = EffectID(OptionalKey(id: ObjectIdentifier(tracker)))
    let readPath = UncheckedSendable(path)
    self.key = key
    self.path = readPath
    removalCheck = RemovalCheck(for: ParentValue.self) { parent, scope, registry in
      guard parent[keyPath: readPath.value] == nil else { return }
      if !tracker.running(in: registry, under: scope).isEmpty {
        registry.cancel(id: EffectScope(parent: scope, key: key).wholeScopeID)
      }
    }
  }

  /// The child's effects as the parent's (see ``ElementScopes/lift(_:of:embed:)``).
  @usableFromInline
  func lift<ChildAction, ParentAction>(
    _ effects: [Effect<ChildAction>], embed: @escaping @Sendable (ChildAction) -> ParentAction
  ) -> [Effect<ParentAction>] {
    let key = self.key
    let path = self.path
    return effects.map { effect in
      if let check = effect.removalCheck {
        let lifted = RemovalCheck(for: ParentValue.self) { parent, scope, registry in
          guard let present = parent[keyPath: path.value] else { return }
          check.check(present, EffectScope(parent: scope, key: key), registry)
        }
        return Effect(operation: .checkRemovals(lifted))
      }
      return effect.scoped(to: key, member: Present(), tracker: tracker).map(embed)
    }
  }

  @usableFromInline
  func reportMissing<Action>(_ action: Action) {
    FeatureDiagnostics.missingChild(action, child: ChildValue.self)
  }
}

/// Which `ifLet` a child belongs to: one reducer value is one namespace.
struct OptionalKey: Hashable, Sendable {
  let id: ObjectIdentifier
}

/// The one member of an `ifLet`'s scope: the child, while it is there.
@usableFromInline
struct Present: Hashable, Sendable {}
