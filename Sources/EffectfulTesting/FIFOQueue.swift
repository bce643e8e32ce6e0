/// A first-in, first-out queue whose `popFirst` is O(1): an array read from a moving head.
///
/// The test store keeps what arrived, and what waits to be received, in these: a test that lets a
/// timer tick ten thousand times should not pay for shifting an array on every step.
struct FIFOQueue<Element> {
  private var storage: [Element] = []
  private var head = 0

  var isEmpty: Bool { head == storage.count }

  /// The waiting elements, oldest first.
  var elements: ArraySlice<Element> { storage[head...] }

  var first: Element? { isEmpty ? nil : storage[head] }

  mutating func append(_ element: Element) {
    storage.append(element)
  }

  mutating func popFirst() -> Element? {
    guard !isEmpty else { return nil }
    let element = storage[head]
    head += 1
    // Start over once drained, so a long run reuses the buffer instead of growing it.
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head > 64, head * 2 > storage.count {
      // Mostly consumed: drop the read part (amortized O(1)), so it does not hold old states alive.
      storage.removeFirst(head)
      head = 0
    }
    return element
  }

  mutating func removeAll() {
    storage.removeAll()
    head = 0
  }
}
