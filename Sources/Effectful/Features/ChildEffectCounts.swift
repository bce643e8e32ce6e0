/// How many effects each child of each `forEach` and `ifLet` has running in one store: what a
/// removal check compares with the children still in the state.
///
/// One belongs to one store (its ``CancellationRegistry``), so one store's busy rows never make
/// another store's checks run. Inside, counts are kept per group (one `forEach` or `ifLet`, see
/// ``ScopedChildren``, under one enclosing child) and per child, by the key of the child's scope;
/// a group's table empties as its last effect ends.
///
/// Not generic: a child is counted by its scope key, with its member kept as `Any` for the check
/// to read back. The generic tables it replaced looked up the runtime metadata of their dictionaries
/// on every call, about 30,000 of the 97,000 instructions of navigation.presentDismiss
/// (BENCHMARKS.md).
@usableFromInline
package final class ChildEffectCounts: @unchecked Sendable {
  private let lock = Lock()
  // Guarded by `lock`, which is what makes the unchecked exclusivity and Sendable safe.
  @exclusivity(unchecked) private var groups: [ChildGroup: [EffectID: RunningChild]] = [:]

  init() {}

  /// Counts an effect that started for the child whose scope key is `key` (and who is `member`).
  @usableFromInline
  func started(_ key: EffectID, member: Any, in group: ChildGroup) {
    lock.withLock {
      groups[group, default: [:]][key, default: RunningChild(member: member)].count += 1
    }
  }

  /// Counts an effect of the child `key` that ended.
  @usableFromInline
  func ended(_ key: EffectID, in group: ChildGroup) {
    lock.withLock {
      guard let index = groups.index(forKey: group), let count = groups.values[index][key]?.count else {
        return
      }
      if count > 1 {
        groups.values[index][key]?.count = count - 1
      } else {
        groups.values[index][key] = nil
        if groups.values[index].isEmpty { groups.remove(at: index) }
      }
    }
  }

  /// The children of `group` with an effect running: each one's scope key and member.
  @usableFromInline
  func running(in group: ChildGroup) -> [(key: EffectID, member: Any)] {
    lock.withLock {
      guard let members = groups[group] else { return [] }
      return members.map { ($0.key, $0.value.member) }
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

/// One child's running effects: who it is, and how many.
private struct RunningChild {
  let member: Any
  var count = 0
}
