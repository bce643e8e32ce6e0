/// How many effects each child of one `forEach` or `ifLet` has running, per store and per
/// enclosing child: what the removal check compares with the children still in the state.
///
/// One belongs to one ``ScopedChildren`` and serves every store that runs its reducer. Its total,
/// over all stores, is what that reducer reads on every action to decide whether to return a
/// removal check at all: with nothing running, an action pays one spin lock.
@usableFromInline
final class ChildEffectCounts<Member: Hashable & Sendable>: @unchecked Sendable {
  /// A store's registry and the enclosing child's path: one set of children to check.
  struct Owner: Hashable {
    let registry: ObjectIdentifier
    let path: [EffectID]

    init(registry: CancellationRegistry, scope: EffectScope?) {
      self.registry = ObjectIdentifier(registry)
      path = scope?.path ?? []
    }
  }

  @usableFromInline let total = SpinCount()
  private let lock = Lock()
  // Guarded by `lock`, which is what makes the unchecked exclusivity and Sendable safe.
  @exclusivity(unchecked) private var running: [Owner: [Member: Int]] = [:]

  init() {}

  /// Whether any child has an effect running, in any store.
  @inlinable
  var anyRunning: Bool { total.isPositive }

  func started(_ member: Member, in owner: Owner) {
    total.add(1)
    lock.withLock {
      running[owner, default: [:]][member, default: 0] += 1
    }
  }

  func ended(_ member: Member, in owner: Owner) {
    total.add(-1)
    lock.withLock {
      guard var members = running[owner], let count = members[member] else { return }
      members[member] = count > 1 ? count - 1 : nil
      running[owner] = members.isEmpty ? nil : members
    }
  }

  /// Cancels every effect of each child running in `registry` under `scope` that `isPresent` says
  /// the state no longer holds; `key` names a child's scope.
  func cancelGone(
    in registry: CancellationRegistry, under scope: EffectScope?,
    isPresent: (Member) -> Bool, key: (Member) -> EffectID
  ) {
    let owner = Owner(registry: registry, scope: scope)
    let members = lock.withLock { running[owner].map { Array($0.keys) } ?? [] }
    for member in members where !isPresent(member) {
      registry.cancel(id: EffectScope(parent: scope, key: key(member)).wholeScopeID)
    }
  }
}
