/// Lines read but not run yet, first in first out, each push and pop in constant amortized time.
///
/// ```swift
/// var queue = LineQueue()
/// queue.push("+")
/// queue.push("nth")
/// queue.pop()   // "+"
/// ```
///
/// The reader thread can get a million lines ahead of the app (a script piped in): `removeFirst()`
/// on an array would move every remaining line on each pop, quadratic in all. Here a pop moves a
/// head index, and the consumed front is dropped in one go once it is half the storage.
struct LineQueue {
  private var storage: [String] = []
  private var head = 0
  /// How many lines the queue has moved in memory so far: what a test counts to check that popping
  /// every line costs linear work, not `removeFirst()`'s quadratic.
  private(set) var linesMoved = 0

  var isEmpty: Bool { head == storage.count }
  var count: Int { storage.count - head }

  mutating func push(_ line: String) {
    storage.append(line)
  }

  mutating func pop() -> String? {
    guard head < storage.count else { return nil }
    let line = storage[head]
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 1_024, head * 2 >= storage.count {
      linesMoved += storage.count - head
      storage.removeFirst(head)
      head = 0
    }
    return line
  }
}
