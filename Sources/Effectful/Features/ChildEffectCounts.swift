/// How many effects each child of each `forEach` and `ifLet` has running in one store: what a
/// removal check compares with the children still in the state.
///
/// One belongs to one store (its ``CancellationRegistry``), so one store's busy rows never make
/// another store's checks run. Inside, counts are kept per `forEach` or `ifLet` (its namespace,
/// see ``ScopedChildren``) and per enclosing child (the scope path), and a table empties as its
/// last effect ends.
package final class ChildEffectCounts: @unchecked Sendable {
  private let lock = Lock()
  // Guarded by `lock`, which is what makes the unchecked exclusivity and Sendable safe. Each value
  // is a `MemberCounts<Member>` of its namespace's member type.
  @exclusivity(unchecked) private var byNamespace: [ObjectIdentifier: AnyObject] = [:]

  init() {}

  /// Counts an effect of `member` that started, under the enclosing child `path`.
  func started<Member: Hashable>(_ member: Member, in namespace: ObjectIdentifier, under path: [EffectID]) {
    lock.withLock {
      let counts: MemberCounts<Member>
      if let existing = byNamespace[namespace] as? MemberCounts<Member> {
        counts = existing
      } else {
        // None running: the namespace's last table went away with its last effect.
        counts = MemberCounts()
        byNamespace[namespace] = counts
      }
      counts.running[path, default: [:]][member, default: 0] += 1
    }
  }

  /// Counts an effect of `member` that ended.
  func ended<Member: Hashable>(_ member: Member, in namespace: ObjectIdentifier, under path: [EffectID]) {
    lock.withLock {
      guard let counts = byNamespace[namespace] as? MemberCounts<Member>,
        var members = counts.running[path], let count = members[member]
      else { return }
      members[member] = count > 1 ? count - 1 : nil
      counts.running[path] = members.isEmpty ? nil : members
      if counts.running.isEmpty { byNamespace[namespace] = nil }
    }
  }

  /// The members of `namespace` under `path` with an effect running.
  func running<Member: Hashable>(
    _: Member.Type, in namespace: ObjectIdentifier, under path: [EffectID]
  ) -> [Member] {
    lock.withLock {
      guard let counts = byNamespace[namespace] as? MemberCounts<Member> else { return [] }
      return counts.running[path].map { Array($0.keys) } ?? []
    }
  }
}

/// One namespace's counts: per enclosing child's path, per member. Guarded by its table's lock.
private final class MemberCounts<Member: Hashable> {
  var running: [[EffectID]: [Member: Int]] = [:]
}
