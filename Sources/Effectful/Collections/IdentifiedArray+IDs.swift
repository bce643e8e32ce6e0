extension IdentifiedArray {
  /// The ids of an identified array's elements, in order; `contains` is O(1).
  ///
  /// ```swift
  /// let ids = rows.ids
  /// ids.contains(3)   // a dictionary lookup, not a search
  /// ids == [1, 2, 3]  // in order
  /// ```
  public struct IDs: RandomAccessCollection {
    /// The ids as an array.
    public let elements: [ID]
    @usableFromInline let offsets: [ID: Int]

    @inlinable
    init(elements: [ID], offsets: [ID: Int]) {
      self.elements = elements
      self.offsets = offsets
    }

    @inlinable public var startIndex: Int { elements.startIndex }
    @inlinable public var endIndex: Int { elements.endIndex }
    @inlinable public subscript(position: Int) -> ID { elements[position] }

    /// Whether `id` is one of the ids, in O(1).
    @inlinable
    public func contains(_ id: ID) -> Bool { offsets[id] != nil }
  }
}

extension IdentifiedArray.IDs: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elements == rhs.elements }

  /// Whether the ids are `rhs`, in order: `rows.ids == expectedIDs` for an array of ids.
  public static func == (lhs: Self, rhs: [ID]) -> Bool { lhs.elements == rhs }

  /// Whether `lhs` are the ids, in order.
  public static func == (lhs: [ID], rhs: Self) -> Bool { lhs == rhs.elements }
}

extension IdentifiedArray.IDs: Hashable {
  public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

extension IdentifiedArray.IDs: ExpressibleByArrayLiteral {
  /// Ids written as a literal, to compare with: `rows.ids == [1, 2]`.
  public init(arrayLiteral elements: ID...) {
    var offsets: [ID: Int] = [:]
    for (offset, id) in elements.enumerated() { offsets[id] = offset }
    self.init(elements: elements, offsets: offsets)
  }
}

extension IdentifiedArray.IDs: Sendable where ID: Sendable {}

extension IdentifiedArray.IDs: CustomStringConvertible {
  public var description: String { elements.description }
}
