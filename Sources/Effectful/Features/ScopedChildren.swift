/// The children one `forEach` or one `ifLet` scopes inside its parent, and everything the two do
/// about their effects, written once. A child is a member: an element of an ``IdentifiedArray`` by
/// its id, an optional child by who it is (see ``ChildIdentity``).
///
/// A child's effects are its own. Each runs under the child's ``EffectScope``: the ids it uses are
/// the child's, and cancelling the scope ends it. When a child's reducer returns effects, the
/// reducer also returns a removal check; the store keeps it and runs it after every action while
/// any child has an effect running (see ``WatchedRemovalChecks``), and it cancels the effects of
/// every member the parent's state no longer holds, whoever removed it. The runs of the children's
/// effects belong to the store (``ChildRuns``).
///
/// The reducer makes one when it is made and keeps it for its life, so each reducer value is a
/// namespace of its own: two places of one feature keep their children apart.
///
/// Everything here is inlinable, and so specialized where `ifLet` and `forEach` are: compiled once
/// for every member type, the check, its `holds` and `current` closures and `lift` looked up the
/// generic metadata of `Optional`, `Effect.Operation`, `ChildKey` and the key path's result at every
/// call, and projected the child through the runtime's key path machinery, about 24,000 of the
/// 62,000 instructions of navigation.presentDismiss (BENCHMARKS.md).
@usableFromInline
final class ScopedChildren<ParentValue, Member: Hashable & Sendable>: Sendable {
  @usableFromInline let removalCheck: RemovalCheck
  /// Names this `forEach` or `ifLet` while anything holds it: the checks and the runs of its
  /// children do, so its address is never another's while a count or a check refers to it.
  @usableFromInline let token: NamespaceToken
  /// Which `forEach` or `ifLet` this is: the first part of its children's scope keys.
  @usableFromInline let namespace: ObjectIdentifier
  /// Its children at the top of a store, outside any other child: made once, with its hash.
  @usableFromInline let topLevelGroup: ChildGroup
  /// When every child is the same member (an `ifLet` of a child that is neither an enum nor
  /// `Identifiable`): the key of that member's scope, and its place at the top of a store, made
  /// once. Made at every run, the key's hash, the path's array and the whole-scope id's hash were
  /// about 1,000 instructions of navigation.presentDismiss (BENCHMARKS.md).
  @usableFromInline let onlyScope: OnlyScope?
  /// The child that stands for `member` in the parent now, and who that child is.
  @usableFromInline
  let current: @Sendable (_ parent: ParentValue, _ member: Member) -> (child: Any, member: Member)?

  /// - Parameters:
  ///   - onlyMember: The one member every child is, if so.
  ///   - holds: Whether the parent's state holds a member: asked once per running member, rather
  ///     than returning a test made once per check, which allocated its closure at every check. It
  ///     reads the parent in place (see ``RemovalCheck/init(inPlace:key:_:)``).
  ///   - current: The child standing for a member in the parent's state now, and who it is: what a
  ///     removal check from inside that child reads.
  @inlinable
  init(
    onlyMember: Member? = nil,
    holds: @escaping @Sendable (_ parent: UnsafePointer<ParentValue>, _ member: Member) -> Bool,
    current: @escaping @Sendable (_ parent: ParentValue, _ member: Member) -> (child: Any, member: Member)?
  ) {
    // The check captures the token, not `self`, which holds the check: that would be a cycle.
    let token = NamespaceToken()
    let namespace = ObjectIdentifier(token)
    self.token = token
    self.namespace = namespace
    let topLevelGroup = ChildGroup(namespace: namespace, owner: [])
    self.topLevelGroup = topLevelGroup
    onlyScope = onlyMember.map { OnlyScope(key: ChildKey.scopeKey(of: $0, in: namespace)) }
    self.current = current
    removalCheck = RemovalCheck(inPlace: ParentValue.self, key: [RemovalCheckKeyPart(namespace)]) {
      parent, scope, registry in
      withExtendedLifetime(token) {
        // The top-level group passed as it is kept: chosen with `??`, it was copied (a retain).
        let running =
          if let scope {
            registry.runningChildren(in: ChildGroup(namespace: namespace, owner: scope.path))
          } else {
            registry.runningChildren(in: topLevelGroup)
          }
        guard !running.isEmpty else { return false }
        // Kept while a child that is still there runs an effect. Once every running child was
        // cancelled here, nothing is left to watch: dropped now rather than by one more run
        // after the next action.
        var isWatching = false
        running.forEach { child in
          // Held in this group by this `ScopedChildren`'s own runs only, which run under
          // `MemberRunScope<Member>`s: no dynamic cast (about 600 instructions a check).
          if holds(parent, unsafeDowncast(child, to: MemberRunScope<Member>.self).member) {
            isWatching = true
          } else {
            registry.cancelChild(of: child)
          }
        }
        return isWatching
      }
    }
  }

  /// One action, as `forEach` and `ifLet` reduce it: `route` says whether it is a child's,
  /// `reduceChild` reduces it into the child in place, and the child's effects come back lifted
  /// by `actions` (see ``lift(_:of:actions:)``). An action for a child that is not there is
  /// reported. Last comes the removal check, when the child returned effects: the store keeps it
  /// from then on.
  @inlinable
  func reduce<ParentAction, Routed, ChildAction>(
    _ parent: inout ParentValue, _ action: ParentAction,
    route: (ParentAction) -> Routed?,
    actions: ChildActions<Member, ChildAction, ParentAction>,
    reduceChild: (inout ParentValue, Routed) -> ChildReduction<Member, ChildAction>
  ) -> [Effect<ParentAction>] {
    var effects: [Effect<ParentAction>] = []
    if let routed = route(action) {
      switch reduceChild(&parent, routed) {
      case .noEffects:
        break
      case .effects(let childEffects, of: let member):
        effects = lift(childEffects, of: member, actions: actions)
      case .missing(let child):
        child.report(action)
      }
    }
    // Last, so that it also sees the effects this action gave the child, once they have started.
    if !effects.isEmpty {
      effects.append(Effect(operation: .checkRemovals(removalCheck)))
    }
    return effects
  }

  /// A child's effects as the parent's: each runs under the child's scope and sends the parent's
  /// action, and a removal check from a feature nested in the child reads the child through the
  /// parent. With a `dismissal` in `actions`, the child is presented: `await dismiss()` in its
  /// effects sends the parent that action.
  @inlinable
  func lift<ChildAction, ParentAction>(
    _ effects: consuming [Effect<ChildAction>], of member: Member,
    actions: ChildActions<Member, ChildAction, ParentAction>
  ) -> [Effect<ParentAction>] {
    // An action value, delivered on the store's actor like any output.
    let dismissal = actions.dismissal.map { UncheckedSendable($0(member)) }
    // Room for the removal check `reduce` appends: growing the array for it cost a reallocation.
    var lifted: [Effect<ParentAction>] = []
    lifted.reserveCapacity(effects.count + 1)
    // Moved out of the array (the last first, once reversed) and into `scope`, which switches on it
    // once, rather than copied out and matched twice: each effect was copied three times on its
    // way into its run (a retain and a release each, about 450 instructions of
    // navigation.presentDismiss, BENCHMARKS.md).
    if effects.count > 1 { effects.reverse() }
    while let effect = effects.popLast() {
      lifted.append(
        scope((consume effect).operation, of: member, embed: actions.embed, dismissal: dismissal))
    }
    return lifted
  }

  /// The effect `operation` as the child `member`'s, lifted into the parent's actions by `embed`:
  /// the ids it uses are the child's own, and the store's ``ChildRuns`` holds its runs
  /// among the child's, which the child's removal cancels. A `.cancel(id:)` is rewritten on the
  /// spot, so that the store still cancels without a run, and a removal check from a feature nested
  /// in the child reads the child through the parent. One run does the scoping, the lifting and
  /// (with `dismissal`) the presenting, rather than one operator each; when the effect is the whole
  /// of a store's run, that run is the child's (see ``CancellationRegistry/startChildRun(in:scope:)``).
  @inlinable
  func scope<ChildAction, ParentAction>(
    _ operation: consuming Effect<ChildAction>.Operation, of member: Member,
    embed: @escaping @Sendable (Member, ChildAction) -> ParentAction,
    dismissal: UncheckedSendable<ParentAction>?
  ) -> Effect<ParentAction> {
    switch operation {
    case .none:
      return .none
    case .output(let output):
      return Effect(operation: .output(embed(member, output)))
    case .checkRemovals(let check):
      return Effect(operation: .checkRemovals(nested(check, returnedBy: member)))
    case .cancel(let id):
      return Effect(operation: .cancel(id.qualified(by: [scopeKey(of: member)])))
    case .run(let body):
      // The run reaches the namespace's token, group and `onlyScope` through `self`: one capture,
      // one retain, where capturing the four made three retains and copied the group.
      return Effect(
        operation: .run { [self] downstream in
          let parent = downstream.lifetime
          // Delivered through the outer run: once the child is gone (its scope cancelled, which
          // ends this run), the dismissal is dropped.
          let presented = dismissal.map { dismissal in
            PresentedChild(lifetime: parent) { downstream.receive(dismissal.value, nil) }
          }
          // Each place made where it is passed: made once and passed on, it was copied again
          // (its path and id, an existential) and destroyed.
          let scope: MemberRunScope<Member>
          if let parentScope = parent.scope {
            scope = MemberRunScope(
              member: member, parent: parentScope,
              place: ScopePlace(parent: parentScope, key: scopeKey(of: member)), presented: presented,
              namespace: token, group: ChildGroup(namespace: namespace, owner: parentScope.path))
          } else if let onlyScope {
            scope = MemberRunScope(
              member: member, parent: nil, place: onlyScope.place, presented: presented,
              namespace: token, group: topLevelGroup)
          } else {
            scope = MemberRunScope(
              member: member, parent: nil, place: ScopePlace(parent: nil, key: scopeKey(of: member)),
              presented: presented, namespace: token, group: topLevelGroup)
          }
          let run = parent.registry.startChildRun(in: parent, scope: scope)
          guard run !== parent else {
            // The store's own run: its outputs reach the store on the store's thread, which checks
            // them there (see `EffectLifetime.isStoreRun`), so no check or provenance is added.
            body(
              EffectSubscriber(lifetime: run) { output, provenance in
                downstream.receive(embed(member, output), provenance)
              })
            return
          }
          body(
            EffectSubscriber(lifetime: run) { output, provenance in
              guard run.isRunning else { return }
              downstream.receive(embed(member, output), Provenance(run, next: provenance))
            })
        })
    }
  }

  /// The key of `member`'s scope: made when a run starts, not captured by it, so that the one member
  /// in ``onlyScope`` passes nothing. Captured as an optional id, even an absent one was copied and
  /// destroyed through the runtime's value witnesses, about 175 instructions of
  /// navigation.presentDismiss (BENCHMARKS.md).
  @inlinable
  func scopeKey(of member: Member) -> EffectID {
    onlyScope?.key ?? ChildKey.scopeKey(of: member, in: namespace)
  }

  /// A removal check that a feature nested in the child `member` returned, run on the child that
  /// stands for `member` when the store runs it (see `current`), under that child's scope.
  @inlinable
  func nested(_ check: RemovalCheck, returnedBy member: Member) -> RemovalCheck {
    let current = self.current
    let namespace = self.namespace
    let childKey = RemovalCheckKeyPart(ChildKey(namespace: namespace, member: member))
    return check.lifted(into: ParentValue.self, by: childKey) { parent in
      current(parent, member).map { ($0.child, ChildKey.scopeKey(of: $0.member, in: namespace)) }
    }
  }
}

/// What reducing an action into a child gave: ``ScopedChildren/reduce(_:_:route:actions:reduceChild:)``
/// lifts the effects, or reports the missing child.
@usableFromInline
enum ChildReduction<Member, ChildAction> {
  /// The child reduced the action and returned no effect.
  case noEffects
  /// The child reduced the action and returned `effects`; `member` is who the child is now.
  case effects([Effect<ChildAction>], of: Member)
  /// No child was there to reduce the action.
  case missing(MissingChild)
}

/// The scope key and the top-level place of the one member every child of a `forEach` or `ifLet`
/// is, when so (see ``ScopedChildren/onlyScope``). A class, so that passing it on is a retain: as
/// an optional struct, each copy of its id went through the runtime's value witnesses.
@usableFromInline
final class OnlyScope: Sendable {
  @usableFromInline let key: EffectID
  @usableFromInline let place: ScopePlace

  @inlinable
  init(key: EffectID) {
    self.key = key
    place = ScopePlace(parent: nil, key: key)
  }
}

/// Names one `forEach` or `ifLet` (see ``ScopedChildren``) by its address.
@usableFromInline
final class NamespaceToken: Sendable {
  @inlinable init() {}
}

/// One child of one `forEach` or `ifLet`: the key of the child's scope.
@usableFromInline
struct ChildKey<Member: Hashable & Sendable>: Hashable, Sendable {
  /// The `forEach` or `ifLet`, see ``ScopedChildren``.
  @usableFromInline let namespace: ObjectIdentifier
  @usableFromInline let member: Member

  @inlinable
  init(namespace: ObjectIdentifier, member: Member) {
    self.namespace = namespace
    self.member = member
  }

  @inlinable
  static func scopeKey(of member: Member, in namespace: ObjectIdentifier) -> EffectID {
    EffectID(ChildKey(namespace: namespace, member: member))
  }
}
