/// The identity of one element of a ``StackState``: a generation number, given out once per push
/// and never reused within a store.
///
/// ```swift
/// case .path(.element(id: let id, action: .detail(.deleteButtonTapped))):
///   state.path.pop(from: id)
///   return .none
/// // in a test, the first element pushed in a test store is 0:
/// await store.send(
///   .path(.element(id: 0, action: .detail(.editButtonTapped))))
/// ```
///
/// Ids come from the store's `stackElementID` dependency: a test store counts from 0, so a test
/// can write ids as integer literals; an app counts across the process. An id that left the stack
/// is never handed out again, so a late action for a popped element can never reach a newer one.
public struct StackElementID: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral {
  /// The generation: the number of ids handed out before this one.
  public let generation: Int

  /// The id of generation `generation`.
  ///
  /// ```swift
  /// let first = StackElementID(generation: 0)   // or just `0`
  /// ```
  public init(generation: Int) {
    self.generation = generation
  }

  /// The id of generation `value`: `0` is a test store's first push.
  public init(integerLiteral value: Int) {
    self.init(generation: value)
  }

  /// Orders ids by generation: the element pushed earlier first.
  public static func < (lhs: StackElementID, rhs: StackElementID) -> Bool {
    lhs.generation < rhs.generation
  }
}

extension StackElementID: CustomStringConvertible {
  /// `#` and the generation, e.g. `#0`.
  public var description: String { "#\(generation)" }
}
