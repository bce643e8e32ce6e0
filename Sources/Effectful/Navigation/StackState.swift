/// The screens a parent has pushed on a navigation stack, bottom first, each with a
/// ``StackElementID`` of its own.
///
/// ```swift
/// struct State {
///   var path = StackState<Path.State>()
/// }
/// // push a screen, pop back to the root:
/// state.path.append(.detail(DetailFeature.State(syncUp: syncUp)))
/// state.path.removeAll()
/// ```
///
/// A pushed element gets the next id of the store's counter (a test store's first push is `0`),
/// and an id is never handed out again within a store. Elements leave however the parent likes
/// (``popLast()``, ``pop(from:)``, ``pop(to:)``, ``removeAll()``, assigning a new stack): the
/// stack's `forEach` cancels the effects of every element that left, whoever removed it.
///
/// Ids in one stack always grow from bottom to top, so ``subscript(id:)`` finds an element by a
/// binary search.
public struct StackState<Element> {
  /// Each element's id, bottom first: growing, since a push takes an id newer than any before.
  public private(set) var ids: [StackElementID]
  @usableFromInline var elements: [Element]

  /// An empty stack.
  ///
  /// ```swift
  /// var path = StackState<Path.State>()
  /// ```
  public init() {
    ids = []
    elements = []
  }

  /// A stack holding `elements`, bottom first, each with a new id.
  ///
  /// ```swift
  /// var path = StackState<Path.State>([.detail(detail), .edit(edit)])
  /// ```
  public init(_ elements: some Sequence<Element>) {
    self.init()
    append(contentsOf: elements)
  }

  /// Pushes `element` on top, with a new id.
  ///
  /// ```swift
  /// state.path.append(.detail(DetailFeature.State()))
  /// ```
  public mutating func append(_ element: Element) {
    @Dependency(\.stackElementID) var stackElementID
    append(element, id: stackElementID.next(after: ids.last))
  }

  /// Pushes `newElements` on top, bottom first, each with a new id.
  public mutating func append(contentsOf newElements: some Sequence<Element>) {
    for element in newElements { append(element) }
  }

  /// Pushes `element` with `id`, which the caller checked is newer than the top's.
  mutating func append(_ element: Element, id: StackElementID) {
    ids.append(id)
    elements.append(element)
  }

  /// Whether `id` is the id the store hands out next, as a `.push(id:state:)` must use; if not,
  /// reports `action`, which then changes nothing.
  @usableFromInline
  func isNextID(_ id: StackElementID, reportingFor action: some Any) -> Bool {
    @Dependency(\.stackElementID) var stackElementID
    let expected = stackElementID.peek(after: ids.last)
    if id != expected { StackDiagnostics.reportOutOfOrderPush(id, expected: expected, action: action) }
    return id == expected
  }

  /// Pushes `element` for a `.push(id:state:)` whose id ``isNextID(_:reportingFor:)`` approved.
  @usableFromInline
  mutating func push(_ element: Element) {
    append(element)
  }

  /// Pops the top element and returns it, or `nil` when the stack is empty.
  ///
  /// ```swift
  /// state.path.popLast()   // the "back" button
  /// ```
  @discardableResult
  public mutating func popLast() -> Element? {
    guard !elements.isEmpty else { return nil }
    ids.removeLast()
    return elements.removeLast()
  }

  /// Pops the element with `id` and every element above it; nothing when `id` is not in the stack.
  ///
  /// ```swift
  /// case .path(.element(id: let id, action: .detail(.deleted))):
  ///   state.path.pop(from: id)
  /// ```
  public mutating func pop(from id: StackElementID) {
    guard let offset = offset(of: id) else { return }
    removeFrom(offset)
  }

  /// Pops every element above the one with `id`, which stays on top; nothing when `id` is not in
  /// the stack.
  ///
  /// ```swift
  /// state.path.pop(to: detailID)   // back to the detail, past its edits
  /// ```
  public mutating func pop(to id: StackElementID) {
    guard let offset = offset(of: id) else { return }
    removeFrom(offset + 1)
  }

  /// Pops every element: back to the root.
  public mutating func removeAll() {
    ids.removeAll()
    elements.removeAll()
  }

  /// Pops the top `count` elements.
  ///
  /// ```swift
  /// state.path.removeLast(2)
  /// ```
  ///
  /// `count` must be at most ``count``, as for an array.
  public mutating func removeLast(_ count: Int = 1) {
    removeFrom(elements.count - count)
  }

  /// The element with `id`, or `nil` when it is not in the stack; setting an element replaces it,
  /// or puts it in the stack with that id (in id order), setting `nil` removes that element alone.
  ///
  /// ```swift
  /// // in a test, what a push does:
  /// store.send(.detailTapped) {
  ///   $0.path[id: 0] = .detail(DetailFeature.State())
  /// }
  /// ```
  ///
  /// Setting an element under a new id does not take it from the store's counter: a reducer
  /// pushes with ``append(_:)``; a test describes the push with its id.
  public subscript(id id: StackElementID) -> Element? {
    get { offset(of: id).map { elements[$0] } }
    set {
      let position = insertionPoint(of: id)
      let isThere = position < ids.count && ids[position] == id
      switch (newValue, isThere) {
      case (let element?, true):
        elements[position] = element
      case (let element?, false):
        ids.insert(id, at: position)
        elements.insert(element, at: position)
      case (nil, true):
        ids.remove(at: position)
        elements.remove(at: position)
      case (nil, false):
        break
      }
    }
  }

  /// The payload of the element with `id` when it is in the case `casePath` names, or `nil`;
  /// setting a payload replaces the element with that case, setting `nil` changes nothing. How a
  /// test changes one screen's state in place.
  ///
  /// ```swift
  /// await store.receive(.path(.element(id: 0, action: .detail(.tick)))) {
  ///   $0.path[id: 0, case: Path.State.detail]?.count = 1
  /// }
  /// ```
  public subscript<Case>(id id: StackElementID, case casePath: CasePath<Element, Case>) -> Case? {
    get { self[id: id].flatMap(casePath.extract) }
    set {
      guard let newValue, let offset = offset(of: id) else { return }
      elements[offset] = casePath.embed(newValue)
    }
  }

  /// The same, with the case's embedding function (its case path made by reflection).
  ///
  /// ```swift
  /// $0.path[id: 0, case: Path.State.detail]?.count = 1
  /// ```
  public subscript<Case>(
    id id: StackElementID, case embed: @escaping @Sendable (Case) -> Element
  ) -> Case? {
    get { self[id: id, case: CasePath(embed)] }
    set { self[id: id, case: CasePath(embed)] = newValue }
  }

  /// The position of the element with `id`, if it is there.
  @inlinable
  func offset(of id: StackElementID) -> Int? {
    let position = insertionPoint(of: id)
    return position < ids.count && ids[position] == id ? position : nil
  }

  /// The position of the first id not older than `id`, found by a binary search: ids grow bottom
  /// to top.
  @inlinable
  func insertionPoint(of id: StackElementID) -> Int {
    var low = 0
    var high = ids.count
    while low < high {
      let middle = (low + high) / 2
      if ids[middle] < id { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Changes the element with `id` in place, if it is there, and returns what `body` returned.
  @inlinable
  mutating func modify<Result>(id: StackElementID, _ body: (inout Element) -> Result) -> Result? {
    guard let offset = offset(of: id) else { return nil }
    return body(&elements[offset])
  }

  private mutating func removeFrom(_ offset: Int) {
    ids.removeSubrange(offset...)
    elements.removeSubrange(offset...)
  }
}

extension StackState: RandomAccessCollection, MutableCollection {
  /// The bottom element's position, `0`.
  public var startIndex: Int { elements.startIndex }
  /// One past the top element's position.
  public var endIndex: Int { elements.endIndex }

  /// The element at `position`, counted from the bottom; setting it keeps its id.
  public subscript(position: Int) -> Element {
    get { elements[position] }
    set { elements[position] = newValue }
  }
}

extension StackState: ExpressibleByArrayLiteral {
  /// A stack holding the literal's elements, bottom first, each with a new id.
  ///
  /// ```swift
  /// var path: StackState<Path.State> = [.detail(detail)]
  /// ```
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {}
extension StackState: Hashable where Element: Hashable {}
extension StackState: Sendable where Element: Sendable {}

extension StackState: CustomStringConvertible {
  /// Each element with its id, bottom first.
  public var description: String {
    "[" + zip(ids, elements).map { "\($0): \($1)" }.joined(separator: ", ") + "]"
  }
}
