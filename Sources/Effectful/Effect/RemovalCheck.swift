import Foundation

/// What `forEach` and `ifLet` return among their effects when a child's reducer returned effects:
/// once the store has reduced the whole action, it runs the check on its value, and the check cancels
/// the effects of every element that is gone (removed, or optional state set to `nil`).
///
/// The store then keeps the check and runs it again after every action it reduces, until the check
/// finds no child of its `forEach` or `ifLet` running (see ``WatchedRemovalChecks``): a child removed
/// by an action that never passed through its `forEach` (a reducer that calls it only for element
/// actions, a sibling feature) is noticed all the same.
///
/// The check runs after the whole action because the reducer that removes an element is usually not
/// the element's own: `combine(forEach(row, …), listReducer)` runs the row first and the list, which
/// removes the row, after it. `pullback`, `forEach` and `ifLet` lift a check from a child's value to
/// their parent's as they lift its effects, so the store can run it on its own value. A parent
/// written by hand lifts its child's effects with `map` (or returns them as they are, when it shares
/// the child's actions), which knows nothing of values: a check that meets a value of another type
/// than its own finds its value inside by that type.
@usableFromInline
package final class RemovalCheck: Sendable {
  /// Checks `value` under `scope`, cancelling in `registry`; returns whether any child it watches
  /// still has an effect running (the store keeps it then).
  @usableFromInline
  let check: @Sendable (_ value: CheckedValue, _ scope: EffectScope?, _ registry: CancellationRegistry) -> Bool
  /// The type of value the check was made for.
  @usableFromInline let valueType: ObjectIdentifier
  /// Which children, from the store's value down, this check watches: two checks with equal keys
  /// are the same check, made by two actions, and the store keeps one.
  @usableFromInline let key: RemovalCheckKey

  // Inlinable, so that the cast and the call are specialized where `ifLet` and `forEach` are.
  @inlinable
  package init<Value>(
    for _: Value.Type, key: [RemovalCheckKeyPart],
    _ check:
      @escaping @Sendable (_ value: Value, _ scope: EffectScope?, _ registry: CancellationRegistry) -> Bool
  ) {
    self.key = RemovalCheckKey(key)
    valueType = ObjectIdentifier(Value.self)
    self.check = { value, scope, registry in
      switch value {
      case .inPlace(let pointer):
        // The caller checked `valueType`.
        return check(pointer.assumingMemoryBound(to: Value.self).pointee, scope, registry)
      case .boxed(let value):
        guard let value = RemovalCheck.value(ofType: Value.self, in: value) else { return false }
        return check(value, scope, registry)
      }
    }
  }

  /// A check that reads the value in place, through a pointer valid for the call: what the check
  /// of a `forEach` or `ifLet` takes (see ``ScopedChildren``). Handed the value itself, the check
  /// copied the store's whole value (a retain and a release of each of its references) at every
  /// action while a child runs, and the store copied it once more to call it: eight reference
  /// count operations a check in navigation.presentDismiss (BENCHMARKS.md).
  @inlinable
  package init<Value>(
    inPlace _: Value.Type, key: [RemovalCheckKeyPart],
    _ check:
      @escaping @Sendable (
        _ value: UnsafePointer<Value>, _ scope: EffectScope?, _ registry: CancellationRegistry
      ) -> Bool
  ) {
    self.key = RemovalCheckKey(key)
    valueType = ObjectIdentifier(Value.self)
    self.check = { value, scope, registry in
      switch value {
      case .inPlace(let pointer):
        // The caller checked `valueType`.
        return check(pointer.assumingMemoryBound(to: Value.self), scope, registry)
      case .boxed(let value):
        guard let value = RemovalCheck.value(ofType: Value.self, in: value) else { return false }
        return withUnsafePointer(to: value) { check($0, scope, registry) }
      }
    }
  }

  /// `value` itself when it is a `Value`, or else the one `Value` nested in it.
  @usableFromInline
  static func value<Value>(ofType _: Value.Type, in value: Any) -> Value? {
    if let value = value as? Value { return value }
    return nestedValue(ofType: Value.self, in: value)
  }

  /// Runs the check on `value`: in place when it is of the type the check was made for, which
  /// spares boxing the store's whole value in `Any` and casting it back at every check of every
  /// action while a child runs (about 1,000 instructions of navigation.presentDismiss).
  @inlinable
  func check<Value>(_ value: Value, scope: EffectScope?, registry: CancellationRegistry) -> Bool {
    guard ObjectIdentifier(Value.self) == valueType else { return check(.boxed(value), scope, registry) }
    return withUnsafePointer(to: value) { check(.inPlace(UnsafeRawPointer($0)), scope, registry) }
  }

  /// The one value of type `Value` nested in `value`, reported when there is none or several.
  @usableFromInline
  static func nestedValue<Value>(ofType _: Value.Type, in value: Any) -> Value? {
    // No path says where the child's value is: its type does, if it is there exactly once.
    let found = nestedValues(ofType: Value.self, in: value)
    guard found.count == 1, let child = found[0].value as? Value else {
      RemovalCheck.reportNotFound(Value.self, in: type(of: value), at: found.map(\.path))
      return nil
    }
    return child
  }

  /// Runs the check on a store's whole value, at `value` (valid for the call), in the store's
  /// registry: whether to keep it.
  @inlinable
  package func run<Value>(at value: UnsafePointer<Value>, registry: CancellationRegistry) -> Bool {
    guard ObjectIdentifier(Value.self) == valueType else {
      return check(.boxed(value.pointee), nil, registry)
    }
    return check(.inPlace(UnsafeRawPointer(value)), nil, registry)
  }

  /// The same check, one level up: it reads the child's value at `path`.
  @usableFromInline
  package func lifted<Global, Local>(through path: KeyPath<Global, Local>) -> RemovalCheck {
    // Key paths are immutable once formed, and a pullback's names plain properties.
    let path = UncheckedSendable(path)
    return RemovalCheck(for: Global.self, key: [RemovalCheckKeyPart(path.value)] + key.parts) {
      [self] global, scope, registry in
      check(global[keyPath: path.value], scope: scope, registry: registry)
    }
  }

  /// The same check, one level up: it reads the child's value in one case of an enum parent,
  /// and has nothing to watch while the parent is in another.
  package func lifted<Parent, Child>(throughCase casePath: CasePath<Parent, Child>) -> RemovalCheck {
    RemovalCheck(for: Parent.self, key: [RemovalCheckKeyPart(ObjectIdentifier(Child.self))] + key.parts) {
      [self] parent, scope, registry in
      guard let child = casePath.extract(parent) else { return false }
      return check(child, scope: scope, registry: registry)
    }
  }

  /// The same check, one level up from a child of a `forEach` or `ifLet` (see ``ScopedChildren``):
  /// `child` finds the child in the parent's value, with the key of its scope, and the check runs
  /// on it under that scope. A child that is gone is skipped: its effects are the parent's check's
  /// to cancel.
  @usableFromInline
  package func lifted<Parent>(
    into _: Parent.Type, by childKey: RemovalCheckKeyPart,
    child: @escaping @Sendable (Parent) -> (value: Any, key: EffectID)?
  ) -> RemovalCheck {
    RemovalCheck(for: Parent.self, key: [childKey] + key.parts) { [self] parent, scope, registry in
      // Gone, its effects are the parent's check's to cancel; this one has nothing left to watch.
      guard let (value, key) = child(parent) else { return false }
      return check(.boxed(value), EffectScope(parent: scope, key: key), registry)
    }
  }

  private static func reportNotFound(_ expected: Any.Type, in found: Any.Type, at paths: [String]) {
    let content =
      paths.isEmpty
      ? "holds no \(expected) in its stored properties"
      : "holds \(paths.count) values of \(expected), at \(paths.joined(separator: ", "))"
    let message = """
      Effectful: a forEach or ifLet over \(expected) reached the store of \(found) lifted without a \
      path (by `map`), and \(found) \(content), so effects of elements removed from it are not \
      cancelled. Lift the child with pullback, which says where its value is.
      """
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}

/// A value a ``RemovalCheck`` checks: in place, of the type the check was made for, or of any type.
@usableFromInline
enum CheckedValue {
  /// A value of the check's own type, valid for the call.
  case inPlace(UnsafeRawPointer)
  case boxed(Any)
}

/// Which children a ``RemovalCheck`` watches: its steps from the store's value down, hashed once.
///
/// The store keeps and drops a check by its key at every action that starts a child's effect and
/// every action that ends the last one; hashing the steps (each an `AnyHashable`) each time cost
/// about 1,000 instructions of navigation.presentDismiss. A `forEach` or `ifLet` makes its check
/// once, so the keys compared are copies of one array, which `==` finds equal by identity.
@usableFromInline
package struct RemovalCheckKey: HashedOnce, Sendable {
  @usableFromInline let parts: [RemovalCheckKeyPart]
  @usableFromInline package let hashValueOnce: Int

  @usableFromInline
  init(_ parts: [RemovalCheckKeyPart]) {
    self.parts = parts
    hashValueOnce = parts.hashValue
  }

  @usableFromInline
  package static func == (lhs: RemovalCheckKey, rhs: RemovalCheckKey) -> Bool {
    lhs.hashValueOnce == rhs.hashValueOnce && lhs.parts == rhs.parts
  }

}

/// One step of a ``RemovalCheck``'s key: a key path it was lifted through, a `forEach` or `ifLet`,
/// a child of one.
@usableFromInline
package struct RemovalCheckKeyPart: Hashable, @unchecked Sendable {
  // Key paths and ids: immutable values, only hashed and compared, on the store's actor.
  private let part: AnyHashable

  @usableFromInline
  package init(_ part: some Hashable) {
    self.part = AnyHashable(part)
  }
}

extension Effect {
  /// The removal check this effect is, if it is one: a test store runs it on its value, as a store does.
  @usableFromInline
  package var removalCheck: RemovalCheck? {
    if case .checkRemovals(let check) = operation { return check }
    return nil
  }
}
