/// How many effects each child of each `forEach` and `ifLet` has running in one store: what a
/// removal check compares with the children still in the state.
///
/// Part of the store's ``RegistryState``: a child's run is counted in the critical section that
/// registers it under its scope's ``EffectScope/wholeScopeID`` and uncounted in the one that ends
/// it, however it ends. Kept apart, behind a lock of its own, with an end handler per run to
/// uncount it, it cost three more lock round trips and a closure a run (navigation.presentDismiss,
/// BENCHMARKS.md). One store's busy rows never make another store's checks run.
///
/// Counts are kept per group (one `forEach` or `ifLet`, see ``ScopedChildren``, under one enclosing
/// child) and per child, by its whole-scope id; a group's table empties as its last effect ends.
/// Not generic: the generic tables it replaced looked up the runtime metadata of their dictionaries
/// on every call.
struct ChildEffectCounts {
  private var groups: [ChildGroup: [EffectID: CountedChild]] = [:]
  /// An empty table, with its storage, that a group left when its last effect ended.
  private var spareTable: [EffectID: CountedChild]?

  /// Counts a run that started under `scope`.
  ///
  /// Keyed by the scope's own id, the one the registry holds and the check cancels: two copies of
  /// it share their path's storage, so comparing them is one pointer comparison.
  mutating func started(_ scope: ChildRunScope) {
    if let index = groups.index(forKey: scope.group) {
      if let child = groups.values[index].index(forKey: scope.wholeScopeID) {
        groups.values[index].values[child].count += 1
      } else {
        groups.values[index][scope.wholeScopeID] = CountedChild(scope: scope)
      }
    } else {
      // The table a group that emptied left behind, if any: a child presented and dismissed over
      // and over makes and drops its group's table each time.
      var table = spareTable ?? [:]
      spareTable = nil
      table[scope.wholeScopeID] = CountedChild(scope: scope)
      groups[scope.group] = table
    }
  }

  /// Counts a run under `scope` that ended.
  mutating func ended(_ scope: ChildRunScope) {
    guard let index = groups.index(forKey: scope.group),
      let child = groups.values[index].index(forKey: scope.wholeScopeID)
    else { return }
    groups.values[index].values[child].count -= 1
    guard groups.values[index].values[child].count == 0 else { return }
    groups.values[index].remove(at: child)
    if groups.values[index].isEmpty {
      // Kept for the next group, so that its storage is not freed and made again.
      spareTable = groups.remove(at: index).value
    }
  }

  /// The children of `group` with an effect running, each by the scope of one of its runs.
  func running(in group: ChildGroup) -> [ChildRunScope] {
    guard let index = groups.index(forKey: group) else { return [] }
    // A loop, not `map`: `map` over a dictionary's values ran unspecialized, through the
    // runtime's generic metadata (about 1,000 instructions a check).
    var running: [ChildRunScope] = []
    running.reserveCapacity(groups.values[index].count)
    for child in groups.values[index].values { running.append(child.scope) }
    return running
  }
}

/// One child's runs in ``ChildEffectCounts``: the scope of one of them, which says who the child
/// is, and how many there are.
private struct CountedChild {
  let scope: ChildRunScope
  var count = 1
}

/// The children of one `forEach` or `ifLet` (its namespace, see ``ScopedChildren``) inside one
/// enclosing child (the scope path of the effects' owner).
///
/// Hashed once, like ``EffectID``: the counts look a group up as each child's run starts and ends
/// and at every check, and a `forEach` or `ifLet` at the top of the store makes its group once.
@usableFromInline
struct ChildGroup: Hashable, Sendable {
  @usableFromInline let namespace: ObjectIdentifier
  @usableFromInline let owner: [EffectID]
  @usableFromInline let hashValueOnce: Int

  @inlinable
  init(namespace: ObjectIdentifier, owner: [EffectID]) {
    self.namespace = namespace
    self.owner = owner
    var hasher = Hasher()
    hasher.combine(namespace)
    hasher.combine(owner)
    hashValueOnce = hasher.finalize()
  }

  @inlinable
  static func == (lhs: ChildGroup, rhs: ChildGroup) -> Bool {
    lhs.hashValueOnce == rhs.hashValueOnce && lhs.namespace == rhs.namespace && lhs.owner == rhs.owner
  }

  @inlinable
  func hash(into hasher: inout Hasher) {
    hasher.combine(hashValueOnce)
  }

  /// What `Dictionary` hashes a group with: see ``precomputedHash(_:seed:)``.
  @inlinable
  func _rawHashValue(seed: Int) -> Int {
    precomputedHash(hashValueOnce, seed: seed)
  }
}

/// The scope of one run of a `forEach`'s or `ifLet`'s child: counted in its store's
/// ``ChildEffectCounts`` while the run goes on, under its ``group``.
@usableFromInline
class ChildRunScope: EffectScope, @unchecked Sendable {
  // Only `let`s, set once: what makes the unchecked Sendable safe.
  @usableFromInline let group: ChildGroup
  /// Keeps the `forEach` or `ifLet` named by the group's namespace alive while the run is counted,
  /// so that its address is never another's meanwhile.
  @usableFromInline let token: NamespaceToken

  /// The scope of a run of the child `key` of the `forEach` or `ifLet` named by `namespace`, in
  /// `group` (its namespace under `parent`).
  @inlinable
  init(
    parent: EffectScope?, key: EffectID, presented: PresentedChild?, namespace: NamespaceToken,
    group: ChildGroup
  ) {
    self.group = group
    token = namespace
    super.init(parent: parent, key: key, presented: presented)
  }
}

/// A ``ChildRunScope`` of a `forEach` or `ifLet` whose children are `Member`s: who the child is.
/// Generic, so that its check reads the member back without a dynamic cast, and the member is
/// stored without an existential box; the scope itself, so that a run allocates one object for both.
@usableFromInline
final class MemberRunScope<Member: Sendable>: ChildRunScope, @unchecked Sendable {
  @usableFromInline let member: Member

  @inlinable
  init(
    member: Member, parent: EffectScope?, key: EffectID, presented: PresentedChild?,
    namespace: NamespaceToken, group: ChildGroup
  ) {
    self.member = member
    super.init(parent: parent, key: key, presented: presented, namespace: namespace, group: group)
  }
}
