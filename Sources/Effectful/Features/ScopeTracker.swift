/// Which elements of one `forEach` (or the child of one `ifLet`) have effects running, per store and
/// per enclosing element: what the removal check compares with the ids still in the state.
///
/// One tracker belongs to one `forEach` reducer and serves every store that runs it. Its count of
/// running element effects, over all stores, is what that reducer reads on each action to decide
/// whether to return a removal check at all: with nothing running, an action pays one spin lock.
@usableFromInline
package final class ScopeTracker<Member: Hashable & Sendable>: @unchecked Sendable {
  /// A store's registry and the enclosing element's path: one set of elements to check.
  struct Owner: Hashable {
    let registry: ObjectIdentifier
    let path: [EffectID]
  }

  private let lock = Lock()
  // Guarded by `lock`, which is what makes the unchecked exclusivity and Sendable safe.
  private let runCount = SpinCount()
  @exclusivity(unchecked) private var running: [Owner: [Member: Int]] = [:]

  @usableFromInline
  package init() {}

  /// Whether any element has an effect running, in any store: read on every action the `forEach`
  /// sees.
  @usableFromInline
  package var hasRunningEffects: Bool { runCount.isPositive }

  func started(_ member: Member, in owner: Owner) {
    runCount.add(1)
    lock.withLock {
      running[owner, default: [:]][member, default: 0] += 1
    }
  }

  func ended(_ member: Member, in owner: Owner) {
    runCount.add(-1)
    lock.withLock {
      guard var members = running[owner], let count = members[member] else { return }
      members[member] = count > 1 ? count - 1 : nil
      running[owner] = members.isEmpty ? nil : members
    }
  }

  /// The elements with effects running in `registry`, under the enclosing element `scope`.
  package func running(in registry: CancellationRegistry, under scope: EffectScope?) -> [Member] {
    let owner = Owner(registry: ObjectIdentifier(registry), path: scope?.path ?? [])
    return lock.withLock { running[owner].map { Array($0.keys) } ?? [] }
  }

  /// What a removal check does, for `forEach` and `ifLet` alike: cancels every effect of each
  /// member running under `scope` that `isPresent` says the state no longer holds. A member is an
  /// element's id, or who an `ifLet`'s child is (see ``ChildIdentity``): a child replaced by
  /// another is gone as surely as one set to `nil`.
  func cancelGone(
    in registry: CancellationRegistry, under scope: EffectScope?,
    isPresent: (Member) -> Bool, key: (Member) -> EffectID
  ) {
    for member in running(in: registry, under: scope) where !isPresent(member) {
      registry.cancel(id: EffectScope(parent: scope, key: key(member)).wholeScopeID)
    }
  }
}

extension Effect {
  /// This effect as one of the element `key`'s: ids it uses are the element's own, every run is
  /// cancelled by the element's ``EffectScope/wholeScopeID``, and `tracker` knows it runs.
  ///
  /// A `.cancel(id:)` is rewritten on the spot, so that the store still cancels without a run.
  package func scoped<Member>(
    to key: EffectID, member: Member, tracker: ScopeTracker<Member>
  ) -> Effect {
    switch operation {
    case .none, .output, .checkRemovals:
      return self
    case .cancel(let id):
      return Effect(operation: .cancel(id.qualified(by: [key])))
    case .run(let body):
      return Effect(
        operation: .run { downstream in
          let parent = downstream.lifetime
          let registry = parent.registry
          let scope = EffectScope(parent: parent.scope, key: key)
          let owner = ScopeTracker<Member>.Owner(
            registry: ObjectIdentifier(registry), path: parent.scope?.path ?? [])
          // Ends with its body, however that ends, and tells its parent.
          let inner = parent.makeChildFinishingParent(scope: scope)
          tracker.started(member, in: owner)
          inner.onEnd { _ in tracker.ended(member, in: owner) }
          registry.register(inner, id: scope.wholeScopeID)
          body(
            EffectSubscriber(lifetime: inner) { output, provenance in
              guard inner.isRunning else { return }
              downstream.receive(output, Provenance(inner, next: provenance))
            })
        })
    }
  }
}
