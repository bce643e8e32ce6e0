/// A cancellation id, type-erased: two ids are equal when they have the same type and are `==`, as in
/// the Composable Architecture (`1` and `UInt8(1)` are different ids).
///
/// Every `cancellable(id:)`, `cancel(id:)`, `debounce` and `throttle` turns the user's id into one
/// of these, and the ``CancellationRegistry`` keys its tables by them; inside an element's scope the
/// id is qualified by the element's path first (see ``EffectScope``).
///
/// It holds the id in an existential, not in an `AnyHashable`: wrapping a value in `AnyHashable` and
/// comparing two of them go through unspecialized runtime code (generic metadata lookups, dynamic
/// casts) that costs more than the rest of starting and cancelling an effect. Made from a known type,
/// this is a plain store of the value and of its hash.
@usableFromInline
package struct EffectID: HashedOnce, Sendable {
  @usableFromInline let base: any Hashable & Sendable
  /// Hashed once: the registry looks an id up several times per cancellable run.
  @usableFromInline package let hashValueOnce: Int

  @inlinable
  package init(_ id: some Hashable & Sendable) {
    base = id
    hashValueOnce = id.hashValue
  }

  @usableFromInline
  package static func == (lhs: EffectID, rhs: EffectID) -> Bool {
    lhs.hashValueOnce == rhs.hashValueOnce && lhs.base.isSameID(as: rhs.base)
  }

}

extension Hashable where Self: Sendable {
  /// Whether `other` holds a value of this type equal to this one.
  fileprivate func isSameID(as other: any Hashable & Sendable) -> Bool {
    // Opens `other` rather than casting it: `as? Self` is a dynamic cast through the runtime on every
    // registry lookup that finds an id (each cancellation), where comparing two types is a pointer
    // comparison.
    other.isEqual(to: self)
  }

  /// Whether `value` is of this type and equal to this value.
  private func isEqual<Other>(to value: Other) -> Bool {
    guard Other.self == Self.self else { return false }
    // Same type, checked just above: the bits already are a `Self`. A bit cast rather than a
    // pointer rebound, whose two generic closures this unspecialized code called through the
    // runtime at every registry lookup that finds an id.
    return self == unsafeBitCast(value, to: Self.self)
  }
}
