/// An ordered collection of elements with unique ids, read and written by id in O(1): the state of a
/// list feature.
///
/// ```swift
/// struct Row: Identifiable, Equatable { let id: Int; var count = 0 }
///
/// var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
/// rows[id: 2]?.count += 1        // O(1): no search
/// rows[id: 3] = Row(id: 3)       // appends
/// rows[id: 1] = nil              // removes
/// rows.ids                       // [2, 3]
/// ```
///
/// It keeps the elements in an array, their ids in a parallel array, and a dictionary from id to
/// offset, all three in step. What each operation costs, with n elements:
/// - reading or changing an element by id or by offset, `ids.contains`, `append`: O(1) (amortized);
/// - `insert(_:at:)`, `remove(id:)`, `remove(at:)`: O(n − offset), like `Array`, plus re-indexing the
///   elements after the offset;
/// - `remove(atOffsets:)`, `move(fromOffsets:toOffset:)`, `removeAll(where:)`: O(n), once.
///
/// Ids are unique: building an array from elements with a duplicate id is a programmer error that
/// stops the program with a message naming the id (use `append`, which reports a duplicate by
/// returning `inserted: false`, for input you do not control). An element's id must not change
/// in place: give it a new element with ``subscript(id:)`` instead.
///
/// Two identified arrays are equal when their elements are, in the same order. It is `Codable` as a
/// plain array of its elements when they are `Identifiable` and `Codable`.
public struct IdentifiedArray<ID: Hashable, Element> {
  @usableFromInline var elements: [Element]
  @usableFromInline var idList: [ID]
  @usableFromInline var offsets: [ID: Int]
  /// Reads an element's id. Key paths are immutable once formed; the ones an identified array is
  /// given name plain properties (`\.id`), so sharing one across threads is safe.
  @usableFromInline let idPath: UncheckedSendable<KeyPath<Element, ID>>

  @inlinable
  func id(_ element: Element) -> ID { element[keyPath: idPath.value] }

  /// Creates an identified array from elements with distinct ids, read with `id`.
  ///
  /// ```swift
  /// struct Named { var name: String }
  /// let people = IdentifiedArray(
  ///   uniqueElements: [Named(name: "A")], id: \.name)
  /// people[id: "A"]?.name   // "A"
  /// ```
  ///
  /// Two elements with the same id stop the program: ids must be unique.
  public init(uniqueElements elements: some Sequence<Element>, id: KeyPath<Element, ID>) {
    self.elements = Array(elements)
    self.idPath = UncheckedSendable(id)
    self.idList = []
    self.offsets = [:]
    idList.reserveCapacity(self.elements.count)
    offsets.reserveCapacity(self.elements.count)
    for (offset, element) in self.elements.enumerated() {
      let elementID = element[keyPath: id]
      if offsets.updateValue(offset, forKey: elementID) != nil {
        IdentifiedArrayDiagnostics.duplicateID(elementID, at: offset)
      }
      idList.append(elementID)
    }
  }

  /// The ids of the elements, in order, with O(1) `contains`.
  ///
  /// ```swift
  /// rows.ids.contains(2)   // true, without a search
  /// Array(rows.ids)        // [1, 2]
  /// ```
  @inlinable
  public var ids: IDs { IDs(elements: idList, offsets: offsets) }

  /// The element with `id`, or `nil`: reads, changes in place, inserts and removes.
  ///
  /// ```swift
  /// // changes the element with id 1, if there is one
  /// rows[id: 1]?.count += 1
  /// rows[id: 4] = Row(id: 4)     // appends a new element
  /// rows[id: 1] = nil            // removes the element with id 1
  /// ```
  ///
  /// Setting an element whose own id is not `id` stops the program: ids must match.
  @inlinable
  public subscript(id elementID: ID) -> Element? {
    get {
      guard let offset = offsets[elementID] else { return nil }
      return elements[offset]
    }
    set {
      guard let newValue else {
        _ = remove(id: elementID)
        return
      }
      let newID = id(newValue)
      if newID != elementID { IdentifiedArrayDiagnostics.mismatchedID(newID, subscript: elementID) }
      if let offset = offsets[elementID] {
        elements[offset] = newValue
      } else {
        append(newValue)
      }
    }
  }

  /// Changes the element with `id` in place, without copying it out; `nil` if there is none.
  ///
  /// ```swift
  /// rows.modify(id: 1) { $0.count += 1 }
  /// ```
  @inlinable
  @discardableResult
  public mutating func modify<Result>(id elementID: ID, _ body: (inout Element) throws -> Result) rethrows
    -> Result?
  {
    guard let offset = offsets[elementID] else { return nil }
    return try modify(at: offset, id: elementID, body)
  }

  @inlinable
  mutating func modify<Result>(at offset: Int, id elementID: ID, _ body: (inout Element) throws -> Result)
    rethrows -> Result
  {
    let result = try body(&elements[offset])
    #if DEBUG
      let newID = id(elements[offset])
      if newID != elementID { IdentifiedArrayDiagnostics.changedID(from: elementID, to: newID) }
    #endif
    return result
  }

  /// The offset of the element with `id`, or `nil`, in O(1).
  ///
  /// ```swift
  /// rows.index(id: 2)   // 1
  /// ```
  @inlinable
  public func index(id elementID: ID) -> Int? {
    offsets[elementID]
  }

  /// Adds `element` at the end, unless an element with its id is already here.
  ///
  /// ```swift
  /// let (inserted, index) = rows.append(Row(id: 9))
  /// ```
  ///
  /// - Returns: Whether it was added, and the offset of the element with its id.
  @inlinable
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    let elementID = id(element)
    if let existing = offsets[elementID] { return (false, existing) }
    offsets[elementID] = elements.count
    elements.append(element)
    idList.append(elementID)
    return (true, elements.count - 1)
  }

  /// Adds each element at the end, skipping those whose id is already here.
  ///
  /// ```swift
  /// rows.append(contentsOf: [Row(id: 7), Row(id: 8)])
  /// ```
  public mutating func append(contentsOf newElements: some Sequence<Element>) {
    for element in newElements { append(element) }
  }

  /// Inserts `element` at `offset`, unless an element with its id is already here; O(n − offset).
  ///
  /// ```swift
  /// rows.insert(Row(id: 0), at: 0)
  /// ```
  ///
  /// - Returns: Whether it was inserted, and the offset of the element with its id.
  @discardableResult
  public mutating func insert(_ element: Element, at offset: Int) -> (inserted: Bool, index: Int) {
    let elementID = id(element)
    if let existing = offsets[elementID] { return (false, existing) }
    precondition(
      offset >= 0 && offset <= elements.count,
      "IdentifiedArray.insert(_:at:): offset \(offset) is outside 0...\(elements.count)")
    elements.insert(element, at: offset)
    idList.insert(elementID, at: offset)
    reindex(from: offset)
    return (true, offset)
  }

  /// Removes the element with `id` and returns it; `nil` if there is none. O(n − offset).
  ///
  /// ```swift
  /// let removed = rows.remove(id: 2)
  /// ```
  @discardableResult
  public mutating func remove(id elementID: ID) -> Element? {
    guard let offset = offsets[elementID] else { return nil }
    return remove(at: offset)
  }

  /// Removes the element at `offset` and returns it. O(n − offset).
  ///
  /// ```swift
  /// let first = rows.remove(at: 0)
  /// ```
  @discardableResult
  public mutating func remove(at offset: Int) -> Element {
    let removed = elements.remove(at: offset)
    offsets[idList.remove(at: offset)] = nil
    reindex(from: offset)
    return removed
  }

  /// Removes the elements at `offsets`, as SwiftUI's `onDelete` hands them over. O(n).
  ///
  /// ```swift
  /// rows.remove(atOffsets: IndexSet([0, 2]))
  /// ```
  public mutating func remove(atOffsets removed: some Sequence<Int>) {
    let doomed = Set(removed)
    guard let first = doomed.min() else { return }
    precondition(
      doomed.allSatisfy(elements.indices.contains),
      "IdentifiedArray.remove(atOffsets:): an offset is outside 0..<\(elements.count)")
    var kept = first
    for offset in first..<elements.count where !doomed.contains(offset) {
      elements.swapAt(kept, offset)
      idList.swapAt(kept, offset)
      kept += 1
    }
    for elementID in idList[kept...] { offsets[elementID] = nil }
    elements.removeSubrange(kept...)
    idList.removeSubrange(kept...)
    reindex(from: first)
  }

  /// Removes every element that satisfies `shouldBeRemoved`. O(n).
  ///
  /// ```swift
  /// rows.removeAll { $0.count == 0 }
  /// ```
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var doomed: [Int] = []
    for (offset, element) in elements.enumerated() where try shouldBeRemoved(element) {
      doomed.append(offset)
    }
    remove(atOffsets: doomed)
  }

  /// Removes every element.
  ///
  /// ```swift
  /// rows.removeAll()
  /// ```
  public mutating func removeAll() {
    elements.removeAll()
    idList.removeAll()
    offsets.removeAll()
  }

  /// Moves the elements at `source` so that they land before the element that was at
  /// `destination`, as SwiftUI's `onMove` describes a move. O(n).
  ///
  /// ```swift
  /// // first to last
  /// rows.move(
  ///   fromOffsets: IndexSet(integer: 0), toOffset: rows.count)
  /// ```
  public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
    let moving = Set(source)
    precondition(
      destination >= 0 && destination <= elements.count,
      "IdentifiedArray.move(fromOffsets:toOffset:): offset \(destination) is outside 0...\(elements.count)")
    let order =
      (0..<destination).filter { !moving.contains($0) } + moving.sorted()
      + (destination..<elements.count).filter { !moving.contains($0) }
    elements = order.map { elements[$0] }
    idList = order.map { idList[$0] }
    reindex(from: 0)
  }

  /// Points the dictionary at the elements' current offsets, from `start` on.
  @usableFromInline
  mutating func reindex(from start: Int) {
    for offset in start..<idList.count { offsets[idList[offset]] = offset }
  }
}

extension IdentifiedArray: RandomAccessCollection {
  @inlinable public var startIndex: Int { elements.startIndex }
  @inlinable public var endIndex: Int { elements.endIndex }

  /// The element at `position`; it may be changed in place, but not its id.
  ///
  /// ```swift
  /// rows[0].count += 1
  /// ```
  @inlinable
  public subscript(position: Int) -> Element {
    get { elements[position] }
    set {
      let newID = id(newValue)
      if newID != idList[position] { IdentifiedArrayDiagnostics.changedID(from: idList[position], to: newID) }
      elements[position] = newValue
    }
  }
}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an identified array from `Identifiable` elements with distinct ids.
  ///
  /// ```swift
  /// let rows = IdentifiedArrayOf(uniqueElements: (1...3).map { Row(id: $0) })
  /// ```
  ///
  /// Two elements with the same id stop the program: ids must be unique.
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init(uniqueElements: elements, id: \.id)
  }

  /// An empty identified array of `Identifiable` elements.
  ///
  /// ```swift
  /// var rows = IdentifiedArrayOf<Row>()
  /// ```
  public init() {
    self.init(uniqueElements: [])
  }
}

/// An identified array of `Identifiable` elements, keyed by their own `id`.
///
/// ```swift
/// var rows: IdentifiedArrayOf<Row> = [Row(id: 1)]
/// ```
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
  /// An identified array written as a literal; ids must be distinct.
  ///
  /// ```swift
  /// let rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
  /// ```
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elements == rhs.elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(elements)
  }
}

extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}

extension IdentifiedArray: CustomStringConvertible {
  public var description: String { elements.description }
}

extension IdentifiedArray: CustomReflectable {
  /// Its elements, as an array's: what `dump`, a playground and a test store's diff show.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
  }
}

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as a plain array.
  public func encode(to encoder: any Encoder) throws {
    try elements.encode(to: encoder)
  }
}

extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, ID == Element.ID {
  /// Decodes a plain array; two elements with the same id are a `DecodingError`, not a crash.
  public init(from decoder: any Decoder) throws {
    let decoded = try [Element](from: decoder)
    var array = Self()
    for element in decoded where !array.append(element).inserted {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "IdentifiedArray: two elements have the id \(element.id); ids must be unique."))
    }
    self = array
  }
}
