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
/// its answers lands in the new child. A child that is an enum is that child only while its case
/// stays. Replaced by a value with the same `id` and case, or, for a child that is neither, by any
/// non-nil value, its effects keep running.
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
  let optionalChild = ScopedChildren<ParentValue, ChildIdentity>(optional: { valuePath.read(at: $0) })
  let kind = ChildKind(ChildValue.self)
  // Made once, not at each action (see `ChildActions`).
  let actions = ChildActions<ChildIdentity, ChildAction, ParentAction>(
    embed: { [embed = action.embed] in embed($1) })
  return { parent, parentAction in
    optionalChild.reduce(&parent, parentAction, route: action.extract, actions: actions) {
      parent, childAction in
      valuePath.modify(&parent) { state -> ChildReduction<ChildIdentity, ChildAction> in
        // Moved out and back, not copied: the child's storage stays uniquely referenced.
        guard var present = state.take() else { return .missing(.optionalChild(ChildValue.self)) }
        defer { state = present }
        let effects = child(&present, childAction)
        // Who the child is after its action: its effects are that child's.
        return effects.isEmpty ? .noEffects : .effects(effects, of: ChildIdentity(present, kind: kind))
      }
    }
  }
}

extension ScopedChildren where Member == ChildIdentity {
  /// The optional child that `read` reads in the parent at a pointer, by who it is: a child replaced
  /// by one with another `id` is gone.
  @inlinable
  convenience init<Child>(optional read: @escaping @Sendable (UnsafePointer<ParentValue>) -> Child?) {
    let kind = ChildKind(Child.self)
    self.init(
      // Neither an enum nor `Identifiable`: every child is the same one while it is there.
      onlyMember: kind.layout == nil && !kind.isIdentifiable ? ChildIdentity(id: nil, tag: nil) : nil,
      holds: { parent, member in read(parent).map { ChildIdentity($0, kind: kind) } == member },
      // Whoever is there now: a replaced child's effects are the parent's check's to cancel, and a
      // check from inside the child reads the child there now.
      current: { parent, _ in
        withUnsafePointer(to: parent) { read($0) }.map { ($0, ChildIdentity($0, kind: kind)) }
      })
  }
}

/// Who an `ifLet`'s child is: its enum case when it is an enum (a destination), and its `id` when
/// it is `Identifiable` (for an enum, when its case's payload is), so that a child replaced by
/// another case or by one with another `id` counts as gone; otherwise one identity for whatever
/// value is there.
///
/// The `id` is boxed in a class: a child without one, the commonest, is copied, compared and
/// dropped as plain bits and a null reference. An `AnyHashable?` in its place was copied and
/// destroyed through the runtime's value witnesses at every step of a child's effect, about 2,500
/// instructions of navigation.presentDismiss (BENCHMARKS.md).
@usableFromInline
struct ChildIdentity: Hashable, Sendable {
  @usableFromInline let id: ChildIDBox?
  /// The case number, for an enum child.
  @usableFromInline let tag: UInt32?

  @usableFromInline
  init(id: ChildIDBox?, tag: UInt32?) {
    self.id = id
    self.tag = tag
  }

  /// Who `child` is; `kind` says what its type is, learned once per reducer.
  @inlinable
  init<Child>(_ child: Child, kind: ChildKind) {
    // Neither an enum nor `Identifiable`: one identity, with no call to ask.
    guard kind.layout != nil || kind.isIdentifiable else {
      self.init(id: nil, tag: nil)
      return
    }
    self = Self.identity(of: child, kind: kind)
  }

  @usableFromInline
  static func identity<Child>(of child: Child, kind: ChildKind) -> ChildIdentity {
    let tag = kind.layout?.tag(of: child)
    // The cast is paid only by children that are `Identifiable`.
    if kind.isIdentifiable, let identifiable = child as? any Identifiable {
      return ChildIdentity(id: ChildIDBox(id(of: identifiable)), tag: tag)
    }
    // A destination enum: its case's payload (a feature's state) says who it is.
    guard tag != nil, let payload = Mirror(reflecting: child).children.first?.value as? any Identifiable
    else { return ChildIdentity(id: nil, tag: tag) }
    return ChildIdentity(id: ChildIDBox(id(of: payload)), tag: tag)
  }

  private static func id(of child: some Identifiable) -> AnyHashable { AnyHashable(child.id) }

  @inlinable
  static func == (lhs: ChildIdentity, rhs: ChildIdentity) -> Bool {
    guard lhs.tag == rhs.tag else { return false }
    if lhs.id === rhs.id { return true }
    guard let left = lhs.id, let right = rhs.id else { return false }
    return left.value == right.value
  }

  @inlinable
  func hash(into hasher: inout Hasher) {
    hasher.combine(tag)
    hasher.combine(id?.value)
  }
}

/// The `id` of an `Identifiable` child, boxed (see ``ChildIdentity``).
@usableFromInline
final class ChildIDBox: @unchecked Sendable {
  // Only compared and hashed, in the store's counts or on the store's actor. `AnyHashable` does
  // not say it is `Sendable`; an `id` is a value (an `Int`, a `UUID`) in practice.
  @usableFromInline let value: AnyHashable

  init(_ value: AnyHashable) {
    self.value = value
  }
}

/// What a child's type says about who a child is: whether it is an enum, and whether it is
/// `Identifiable`. Asked once per reducer: the runtime's answers cost more than a child's action.
@usableFromInline
struct ChildKind: Sendable {
  @usableFromInline let layout: EnumLayout?
  @usableFromInline let isIdentifiable: Bool

  @usableFromInline
  init(_ type: Any.Type) {
    layout = EnumLayout(type)
    isIdentifiable = type is any Identifiable.Type
  }
}
