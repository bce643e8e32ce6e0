/// Objects in no particular order, each keeping its own index in the bag, so that any one leaves in
/// O(1), without hashing or searching: the last element takes its place (swap-remove).
///
/// ```swift
/// var runs = IndexedBag<TopLevelRunIndex>()
/// runs.insert(run)      // run.record.topLevelIndex == 0
/// runs.remove(run)      // O(1), whichever element it is
/// ```
///
/// A burst of thousands of effects ending, or thousands under one cancellation id, must not leave in
/// quadratic time, and a set would hash every start and end. Where an element keeps its index is the
/// ``IndexedBagSlot`` parameter: one object can sit in several bags of different kinds at once. Not
/// thread-safe: it lives inside a value guarded by a lock.
struct IndexedBag<Slot: IndexedBagSlot> {
  typealias Element = Slot.Element

  private(set) var elements: [Element] = []

  #if DEBUG
    /// How many removals have moved or examined an element: what a test counts to tell O(1) removal
    /// from a rebuild, without timing anything. Debug builds only.
    private(set) var removalSteps = 0
  #endif

  var isEmpty: Bool { elements.isEmpty }
  var count: Int { elements.count }

  /// Adds `element`, which must not be in a bag of this kind already.
  mutating func insert(_ element: Element) {
    Slot.setIndex(elements.count, of: element)
    elements.append(element)
  }

  /// Removes `element` if it is in this bag; returns whether it was.
  @discardableResult
  mutating func remove(_ element: Element) -> Bool {
    guard let index = Slot.index(of: element), elements.indices.contains(index), elements[index] === element
    else { return false }
    #if DEBUG
      removalSteps += 1
    #endif
    Slot.setIndex(nil, of: element)
    let last = elements.removeLast()
    if last !== element {
      elements[index] = last
      Slot.setIndex(index, of: last)
    }
    return true
  }

  /// Empties the bag and returns what it held, each element's index cleared.
  mutating func removeAll() -> [Element] {
    var taken: [Element] = []
    swap(&taken, &elements)
    for element in taken { Slot.setIndex(nil, of: element) }
    return taken
  }
}

/// Where an element of an ``IndexedBag`` of one kind keeps its index: `nil` when it is in none.
protocol IndexedBagSlot {
  associatedtype Element: AnyObject
  static func index(of element: Element) -> Int?
  static func setIndex(_ index: Int?, of element: Element)
}
