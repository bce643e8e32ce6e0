extension IdentifiedArray: MutableCollection {
  /// Exchanges the elements at two offsets, ids and all: what `reverse()`, `shuffle()` and
  /// `partition(by:)` are made of.
  ///
  /// ```swift
  /// rows.swapAt(0, 1)
  /// rows.reverse()
  /// ```
  @inlinable
  public mutating func swapAt(_ i: Int, _ j: Int) {
    guard i != j else { return }
    elements.swapAt(i, j)
    idList.swapAt(i, j)
    offsets[idList[i]] = i
    offsets[idList[j]] = j
  }

  /// Sorts the elements in place, keeping each id with its element: an auto-sorting list re-sorts
  /// its rows without making a new array.
  ///
  /// ```swift
  /// state.todos.sort { !$0.isComplete && $1.isComplete }
  /// ```
  ///
  /// Stable? No more than `Array.sort`. O(n log n) comparisons, then O(n) to move the elements.
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    // The elements are compared once in a permutation, then moved once: sorting through `swapAt`
    // would re-point the id table at every step.
    var order = Array(elements.indices)
    try order.sort { try areInIncreasingOrder(elements[$0], elements[$1]) }
    elements = order.map { elements[$0] }
    idList = order.map { idList[$0] }
    reindex(from: 0)
  }
}

extension IdentifiedArray where Element: Comparable {
  /// Sorts the elements in ascending order, keeping each id with its element.
  ///
  /// ```swift
  /// scores.sort()
  /// ```
  public mutating func sort() {
    sort(by: <)
  }
}

extension IdentifiedArray {
  /// Replaces the element with `element`'s id where it stands, or adds `element` at the end.
  ///
  /// ```swift
  /// state.todos.updateOrAppend(Todo(id: 3, title: "Buy milk"))
  /// ```
  ///
  /// - Returns: The element it replaced, or `nil` if it appended.
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    let elementID = id(element)
    guard let offset = offsets[elementID] else {
      append(element)
      return nil
    }
    let replaced = elements[offset]
    elements[offset] = element
    return replaced
  }
}
