import Foundation

/// Whether two values are the same value, for types that are not `Equatable`: what a test store's
/// `receive` of such an action, its receive by case, and a reflected case path's first match
/// compare with.
///
/// ```swift
/// enum Action { case loaded(Data), tick }   // not Equatable
/// let one = Action.loaded(Data([1]))
/// structurallyEqual(one, Action.loaded(Data([2])))   // false
/// ```
///
/// - Values of different dynamic types are different.
/// - A value whose type is `Equatable` is compared with its own `==`: the bytes of `Data`, a `Date`
///   to the attosecond, a `String` by its characters, a type's own notion of equality.
/// - An enum's cases are compared by their case number, read from the type's layout, then by their
///   payloads: two cases never match because they describe themselves alike.
/// - Structs, tuples and collections are compared child by child, with their labels; a class
///   instance is equal to itself, else compared field by field (a cycle back to an instance being
///   compared counts as equal, so that comparing a cyclic graph ends); a dictionary by its keys.
/// - A function cannot be compared: two of the same type count as equal, as before.
package func structurallyEqual(_ lhs: Any, _ rhs: Any) -> Bool {
  var comparison = StructuralComparison()
  return comparison.equal(lhs, rhs)
}

/// One comparison, remembering which pairs of class instances are being compared further up.
private struct StructuralComparison {
  var enclosingPairs: Set<[ObjectIdentifier]> = []

  mutating func equal(_ lhs: Any, _ rhs: Any) -> Bool {
    guard type(of: lhs) == type(of: rhs) else { return false }
    if let lhs = lhs as? any Equatable { return isEqual(lhs, rhs) }
    // `AnyHashable` is Equatable and answered above; an optional's mirror shows the wrapped value.
    let leftMirror = Mirror(reflecting: lhs)
    let rightMirror = Mirror(reflecting: rhs)
    switch leftMirror.displayStyle {
    case .enum, .optional:
      guard caseNumber(of: lhs) == caseNumber(of: rhs) else { return false }
      return childrenEqual(leftMirror, rightMirror)
    case .class where type(of: lhs) is AnyObject.Type:
      let left = lhs as AnyObject
      let right = rhs as AnyObject
      if left === right { return true }
      let pair = [ObjectIdentifier(left), ObjectIdentifier(right)]
      guard enclosingPairs.insert(pair).inserted else { return true }
      defer { enclosingPairs.remove(pair) }
      return classFieldsEqual(leftMirror, rightMirror)
    case .dictionary:
      return dictionariesEqual(leftMirror, rightMirror)
    case nil where leftMirror.children.isEmpty && rightMirror.children.isEmpty:
      // A function, or an opaque value that shows nothing of itself: only its rendering is left.
      return String(describing: lhs) == String(describing: rhs)
    default:
      return childrenEqual(leftMirror, rightMirror)
    }
  }

  private mutating func childrenEqual(_ lhs: Mirror, _ rhs: Mirror) -> Bool {
    let left = Array(lhs.children)
    let right = Array(rhs.children)
    guard left.count == right.count else { return false }
    for (l, r) in zip(left, right) {
      guard l.label == r.label, equal(l.value, r.value) else { return false }
    }
    return true
  }

  private mutating func classFieldsEqual(_ lhs: Mirror, _ rhs: Mirror) -> Bool {
    guard childrenEqual(lhs, rhs) else { return false }
    switch (lhs.superclassMirror, rhs.superclassMirror) {
    case (nil, nil): return true
    case (let left?, let right?): return classFieldsEqual(left, right)
    default: return false
    }
  }

  /// Entries are matched by key (keys are `Hashable`), whatever order each dictionary lists them in.
  private mutating func dictionariesEqual(_ lhs: Mirror, _ rhs: Mirror) -> Bool {
    func entries(_ mirror: Mirror) -> [AnyHashable: Any]? {
      var result: [AnyHashable: Any] = [:]
      for entry in mirror.children {
        let pair = Array(Mirror(reflecting: entry.value).children)
        guard pair.count == 2, let key = pair[0].value as? AnyHashable else { return nil }
        result[key] = pair[1].value
      }
      return result
    }
    guard let left = entries(lhs), let right = entries(rhs), left.count == right.count else {
      return false
    }
    for (key, value) in left {
      guard let other = right[key], equal(value, other) else { return false }
    }
    return true
  }
}

/// `lhs == rhs` for a `rhs` of the same dynamic type as `lhs`.
private func isEqual<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
  guard let rhs = rhs as? T else { return false }
  return lhs == rhs
}

/// The case number of an enum or optional value, from its type's layout.
private func caseNumber<T>(of value: T) -> UInt32? {
  EnumLayout(T.self)?.tag(of: value)
}
