/// How many effects each child of each `forEach` and `ifLet` has running in one store: what a
/// removal check compares with the children still in the state.
///
/// One belongs to one store (its ``CancellationRegistry``), so one store's busy rows never make
/// another store's checks run. Inside, counts are kept per group (one `forEach` or `ifLet`, see
/// ``ScopedChildren``, under one enclosing child) and per child, by the id its runs are registered
/// under; a group's table empties as its last effect ends.
///
/// Not generic: a child is counted by its scope's id, with its member kept as `Any` for the check
/// to read back. The generic tables it replaced looked up the runtime metadata of their dictionaries
/// on every call, about 30,000 of the 97,000 instructions of navigation.presentDismiss
/// (BENCHMARKS.md).
@usableFromInline
package final class ChildEffectCounts: @unchecked Sendable {
  private let lock = Lock()
  // Guarded by `lock`, which is what makes the unchecked exclusivity and Sendable safe.
  @exclusivity(unchecked) private var groups: [ChildGroup: [EffectID: RunningChild]] = [:]
  /// An empty table, with its storage, that a group left when its last effect ended.
  @exclusivity(unchecked) private var spareTable: [EffectID: RunningChild]?

  init() {}

  /// Counts an effect that started for `child`, or for the one counted already under its
  /// ``RunningChild/scopeID`` (its scope's ``EffectScope/wholeScopeID``): returns the one counted,
  /// which the run hands back to ``ended(_:)``.
  ///
  /// Keyed by the scope's own id, the one the registry holds and the check cancels: two copies of
  /// it share their path's storage, so comparing them is one pointer comparison, where comparing
  /// rebuilt ids compared each child key through the runtime (navigation.presentDismiss).
  @usableFromInline
  func started(_ child: RunningChild) -> RunningChild {
    lock.withLock {
      let counted: RunningChild
      if let index = groups.index(forKey: child.group) {
        counted = groups.values[index][child.scopeID] ?? child
        if counted === child { groups.values[index][child.scopeID] = child }
      } else {
        counted = child
        // The table a group that emptied left behind, if any: a child presented and dismissed
        // over and over makes and drops its group's table each time.
        var table = spareTable ?? [:]
        spareTable = nil
        table[child.scopeID] = child
        groups[child.group] = table
      }
      counted.count += 1
      return counted
    }
  }

  /// Counts an effect of `child` that ended.
  @usableFromInline
  func ended(_ child: RunningChild) {
    lock.withLock {
      child.count -= 1
      guard child.count == 0, let index = groups.index(forKey: child.group) else { return }
      groups.values[index][child.scopeID] = nil
      if groups.values[index].isEmpty {
        // Kept for the next group, so that its storage is not freed and made again.
        spareTable = groups.remove(at: index).value
      }
    }
  }

  /// The children of `group` with an effect running.
  @usableFromInline
  func running(in group: ChildGroup) -> [RunningChild] {
    lock.withLock {
      guard let members = groups[group] else { return [] }
      return Array(members.values)
    }
  }
}

/// The children of one `forEach` or `ifLet` (its namespace, see ``ScopedChildren``) inside one
/// enclosing child (the scope path of the effects' owner).
@usableFromInline
struct ChildGroup: Hashable, Sendable {
  @usableFromInline let namespace: ObjectIdentifier
  @usableFromInline let owner: [EffectID]

  @inlinable
  init(namespace: ObjectIdentifier, owner: [EffectID]) {
    self.namespace = namespace
    self.owner = owner
  }
}

/// One child's running effects: where its runs are registered, and how many there are. Its count
/// changes only under its ``ChildEffectCounts``' lock.
@usableFromInline
class RunningChild: @unchecked Sendable {
  @usableFromInline let group: ChildGroup
  @usableFromInline let scopeID: EffectID
  @usableFromInline var count = 0

  @inlinable
  init(group: ChildGroup, scopeID: EffectID) {
    self.group = group
    self.scopeID = scopeID
  }
}

/// A ``RunningChild`` of a `forEach` or `ifLet` whose children are `Member`s: who it is. Generic,
/// so that its check reads the member back without a dynamic cast, and the member is stored
/// without an existential box.
@usableFromInline
final class RunningMember<Member: Sendable>: RunningChild, @unchecked Sendable {
  @usableFromInline let member: Member

  @inlinable
  init(member: Member, group: ChildGroup, scopeID: EffectID) {
    self.member = member
    super.init(group: group, scopeID: scopeID)
  }
}
