/// The runs each child of each `forEach` and `ifLet` has going in one store: what a removal check
/// compares with the children still in the state, and what it cancels for a child that is gone.
///
/// Part of the store's ``RegistryState``: a child's run is added in the critical section that
/// starts it under its scope and removed in the one that ends it, however it ends. Kept apart,
/// behind a lock of its own, with an end handler per run, it cost three more lock round trips and a
/// closure a run (navigation.presentDismiss, BENCHMARKS.md). One store's busy rows never make another
/// store's checks run.
///
/// Runs are kept per group (one `forEach` or `ifLet`, see ``ScopedChildren``, under one enclosing
/// child) and per child, by its whole-scope id; a group's table empties as its last effect ends.
/// Not generic: the generic tables it replaced looked up the runtime metadata of their dictionaries
/// on every call.
struct ChildRuns {
  /// The group that had runs going first, while it has: almost always the only one (one `ifLet`'s
  /// child, one `forEach`'s rows). Kept outside the table, so that each start, end and check
  /// compares one group instead of looking it up: those lookups were about 1,000 instructions of
  /// navigation.presentDismiss (BENCHMARKS.md).
  private var first: ChildGroup?
  /// The first group's children; meaningless while `first` is nil.
  private var firstRuns = GroupRuns.many([:])
  /// Every other group with runs going; empty while `first` is nil.
  private var others: [ChildGroup: GroupRuns] = [:]

  /// Adds `run`, which started under `scope`.
  ///
  /// Keyed by the scope's own id, the one the check cancels: two copies of it share their path's
  /// storage, so comparing them is one pointer comparison.
  mutating func started(_ scope: ChildRunScope, run: EffectLifetime) {
    guard let first else {
      first = scope.group
      firstRuns = .one(HeldChild(scope: scope, run: run))
      return
    }
    if first == scope.group {
      firstRuns.started(scope, run: run)
    } else if let index = others.index(forKey: scope.group) {
      others.values[index].started(scope, run: run)
    } else {
      others[scope.group] = .one(HeldChild(scope: scope, run: run))
    }
  }

  /// Removes `run`, a run under `scope` that ended.
  mutating func ended(_ scope: ChildRunScope, run: EffectLifetime) {
    guard let first else { return }
    if first == scope.group {
      if firstRuns.ended(scope, run: run) { firstGroupEnded() }
    } else if let index = others.index(forKey: scope.group), others.values[index].ended(scope, run: run) {
      others.remove(at: index)
    }
  }

  /// Removes the child whose run has `scope`, and returns its runs, to cancel: its parent no
  /// longer holds it.
  mutating func takeRuns(of scope: ChildRunScope) -> LifetimeSet<ChildRunSlot>? {
    guard let first else { return nil }
    if first == scope.group {
      let (runs, isEmpty) = firstRuns.takeRuns(of: scope)
      if isEmpty { firstGroupEnded() }
      return runs
    }
    guard let index = others.index(forKey: scope.group) else { return nil }
    let (runs, isEmpty) = others.values[index].takeRuns(of: scope)
    if isEmpty { others.remove(at: index) }
    return runs
  }

  /// The first group has no run left: another takes its place, if any has runs.
  private mutating func firstGroupEnded() {
    if let (group, runs) = others.popFirst() {
      first = group
      firstRuns = runs
    } else {
      first = nil
      firstRuns = .many([:])
    }
  }

  /// The children of `group` with an effect running, each by the scope of one of its runs.
  func running(in group: ChildGroup) -> RunningChildren {
    guard let first else { return RunningChildren(first: nil) }
    if first == group { return firstRuns.running }
    guard let index = others.index(forKey: group) else { return RunningChildren(first: nil) }
    return others.values[index].running
  }
}

/// The children of one group with runs going, as ``ChildRuns/running(in:)`` returns them:
/// one, almost always, which needs no array.
@usableFromInline
struct RunningChildren {
  @usableFromInline var first: ChildRunScope?
  @usableFromInline var others: [ChildRunScope] = []

  @usableFromInline
  init(first: ChildRunScope?) {
    self.first = first
  }

  /// Whether no child of the group runs an effect.
  @inlinable var isEmpty: Bool { first == nil && others.isEmpty }

  @inlinable
  func forEach(_ body: (ChildRunScope) -> Void) {
    if let first { body(first) }
    for other in others { body(other) }
  }
}

/// One group's children with runs going: almost always one (an `ifLet`'s child, the one row
/// that runs an effect), which a table would hash for nothing.
private enum GroupRuns {
  case one(HeldChild)
  case many([EffectID: HeldChild])

  /// Adds `run`, which started under `scope`, a run of one of this group's children.
  mutating func started(_ scope: ChildRunScope, run: EffectLifetime) {
    switch self {
    case .one(var child):
      if child.isHolding(scope) {
        // `self` lets go of the child first, so that adding does not copy its runs.
        self = .many([:])
        child.runs.add(run)
        self = .one(child)
      } else {
        self = .many([
          child.scope.wholeScopeID: child, scope.wholeScopeID: HeldChild(scope: scope, run: run),
        ])
      }
    case .many(var table):
      // `self` lets go of the table first, so that changing it does not copy it.
      self = .many([:])
      if let index = table.index(forKey: scope.wholeScopeID) {
        table.values[index].runs.add(run)
      } else {
        table[scope.wholeScopeID] = HeldChild(scope: scope, run: run)
      }
      self = .many(table)
    }
  }

  /// Removes `run`, a run under `scope` that ended; returns whether the group has no run left.
  mutating func ended(_ scope: ChildRunScope, run: EffectLifetime) -> Bool {
    switch self {
    case .one(var child):
      guard child.isHolding(scope) else { return false }
      self = .many([:])
      if child.runs.remove(run) { return true }
      self = .one(child)
      return false
    case .many(var table):
      self = .many([:])
      if let index = table.index(forKey: scope.wholeScopeID), table.values[index].runs.remove(run) {
        table.remove(at: index)
      }
      let isEmpty = table.isEmpty
      self = .many(table)
      return isEmpty
    }
  }

  /// The group's children, each by the scope of one of its runs.
  var running: RunningChildren {
    switch self {
    case .one(let child):
      return RunningChildren(first: child.scope)
    case .many(let table):
      // A loop, not `map`: `map` over a dictionary's values ran unspecialized, through the
      // runtime's generic metadata (about 1,000 instructions a check).
      var running = RunningChildren(first: nil)
      running.others.reserveCapacity(table.count)
      for child in table.values { running.others.append(child.scope) }
      return running
    }
  }

  /// Removes the child whose run has `scope`; returns its runs, and whether the group has no run
  /// left.
  mutating func takeRuns(of scope: ChildRunScope) -> (LifetimeSet<ChildRunSlot>?, isEmpty: Bool) {
    switch self {
    case .one(let child):
      guard child.isHolding(scope) else { return (nil, false) }
      return (child.runs, true)
    case .many(var table):
      self = .many([:])
      let runs = table.removeValue(forKey: scope.wholeScopeID)?.runs
      let isEmpty = table.isEmpty
      self = .many(table)
      return (runs, isEmpty)
    }
  }
}

/// One child's runs in ``ChildRuns``, and the scope of one of them, which says who the
/// child is.
private struct HeldChild {
  let scope: ChildRunScope
  var runs: LifetimeSet<ChildRunSlot>

  init(scope: ChildRunScope, run: EffectLifetime) {
    self.scope = scope
    runs = .one(run)
  }

  /// Whether `scope` is a run of this child: the same scope object, for a child's only run, needs
  /// no comparison of ids.
  func isHolding(_ scope: ChildRunScope) -> Bool {
    self.scope === scope || self.scope.wholeScopeID == scope.wholeScopeID
  }
}

/// The children of one `forEach` or `ifLet` (its namespace, see ``ScopedChildren``) inside one
/// enclosing child (the scope path of the effects' owner).
///
/// Hashed once, like ``EffectID``: ``ChildRuns`` looks a group up as each child's run starts and ends
/// and at every check, and a `forEach` or `ifLet` at the top of the store makes its group once.
@usableFromInline
struct ChildGroup: HashedOnce, Sendable {
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

}

/// The scope of one run of a `forEach`'s or `ifLet`'s child: held in its store's
/// ``ChildRuns`` while the run goes on, under its ``group``.
@usableFromInline
class ChildRunScope: EffectScope, @unchecked Sendable {
  // Only `let`s, set once: what makes the unchecked Sendable safe.
  @usableFromInline let group: ChildGroup
  /// Keeps the `forEach` or `ifLet` named by the group's namespace alive while the run is held,
  /// so that its address is never another's meanwhile.
  @usableFromInline let token: NamespaceToken

  /// The scope of a run of the child `key` of the `forEach` or `ifLet` named by `namespace`, in
  /// `group` (its namespace under `parent`).
  @inlinable
  init(
    parent: EffectScope?, place: ScopePlace, presented: PresentedChild?, namespace: NamespaceToken,
    group: ChildGroup
  ) {
    self.group = group
    token = namespace
    super.init(parent: parent, place: place, presented: presented)
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
    member: Member, parent: EffectScope?, place: ScopePlace, presented: PresentedChild?,
    namespace: NamespaceToken, group: ChildGroup
  ) {
    self.member = member
    super.init(parent: parent, place: place, presented: presented, namespace: namespace, group: group)
  }
}
