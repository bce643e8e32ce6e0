/// The values of type `type` inside `root`, found with `Mirror`, each with where it sits
/// (`.left.rows`, `.detail.some`), outermost first: how a removal check that `map` lifted finds the
/// child's value in its parent's, given only its type.
///
/// ```swift
/// nestedValues(ofType: ListState.self, in: app)
/// // [(path: ".list", value: ListState(…))]
/// ```
///
/// It looks through stored properties, tuples, optionals and enum payloads: where a hand-written
/// reducer keeps a child's state. A match is not searched further (a child inside a child of the
/// same type is the outer child's business). Collections and class instances are passed over:
/// their elements are not one child, and a class can refer back to where the search came from.
package func nestedValues(ofType type: Any.Type, in root: Any) -> [(path: String, value: Any)] {
  var found: [(path: String, value: Any)] = []
  func search(_ value: Any, at path: String) {
    if Swift.type(of: value) == type {
      found.append((path, value))
      return
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .struct, .tuple, .optional, .enum, nil:
      for (offset, child) in mirror.children.enumerated() {
        search(child.value, at: path + "." + (child.label ?? "\(offset)"))
      }
    case .class, .collection, .dictionary, .set, .foreignReference:
      return
    @unknown default:
      return
    }
  }
  search(root, at: "")
  return found
}
