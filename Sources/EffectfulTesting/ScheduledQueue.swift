import Effectful

/// The work a ``TestScheduler`` holds, in the order it runs: a binary min-heap keyed by (deadline,
/// scheduling order), so that taking the next piece of work and scheduling one are O(log n).
///
/// Cancelling is lazy: the work is forgotten at once (``count`` drops) and its entry is skipped when
/// it reaches the top, or dropped when dead entries outnumber live ones and the heap is rebuilt, so a
/// long debounce that is cancelled on every keystroke does not hold its closures for ever.
struct ScheduledQueue {
  /// One piece of work. Repeating work keeps its id, and so its place among work due at the same time.
  struct Item {
    let id: UInt64
    var deadline: SchedulerInstant
    let interval: Duration?
    let action: @Sendable () -> Void
  }

  private var heap: [Item] = []
  /// The ids of the work still to run: an entry in `heap` whose id is not here was cancelled.
  private var live: Set<UInt64> = []
  private var nextID: UInt64 = 0
  /// Comparisons and moves made so far; see ``TestScheduler/queueSteps``.
  private(set) var steps = 0

  /// How many pieces of work wait to run (repeating work counts once).
  var count: Int { live.count }

  /// Adds work due at `deadline` and returns its id, later than every id given before.
  mutating func insert(
    deadline: SchedulerInstant, interval: Duration?, action: @escaping @Sendable () -> Void
  ) -> UInt64 {
    nextID += 1
    live.insert(nextID)
    push(Item(id: nextID, deadline: deadline, interval: interval, action: action))
    return nextID
  }

  /// Forgets the work with `id`; nothing happens if it already ran or was cancelled.
  mutating func cancel(_ id: UInt64) {
    guard live.remove(id) != nil else { return }
    if heap.count > 64, heap.count > 2 * live.count { rebuild() }
  }

  /// Removes and returns the earliest live work due by `limit` (any, if nil). Repeating work goes back
  /// in at its next deadline under the same id before it is returned.
  mutating func popFirst(dueBy limit: SchedulerInstant?) -> Item? {
    while let top = heap.first {
      guard live.contains(top.id) else {
        removeTop()
        continue
      }
      if let limit, top.deadline > limit { return nil }
      removeTop()
      if let interval = top.interval {
        var next = top
        next.deadline = top.deadline.advanced(by: interval)
        push(next)
      } else {
        live.remove(top.id)
      }
      return top
    }
    return nil
  }

  private func precedes(_ lhs: Item, _ rhs: Item) -> Bool {
    (lhs.deadline, lhs.id) < (rhs.deadline, rhs.id)
  }

  private mutating func push(_ item: Item) {
    heap.append(item)
    siftUp(heap.count - 1)
  }

  private mutating func removeTop() {
    let last = heap.removeLast()
    guard !heap.isEmpty else { return }
    heap[0] = last
    siftDown(0)
  }

  private mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      steps += 1
      guard precedes(heap[child], heap[parent]) else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      guard left < heap.count else { return }
      let right = left + 1
      steps += 1
      var first = left
      if right < heap.count, precedes(heap[right], heap[left]) { first = right }
      steps += 1
      guard precedes(heap[first], heap[parent]) else { return }
      heap.swapAt(first, parent)
      parent = first
    }
  }

  /// Drops cancelled entries and restores the heap order, in O(n).
  private mutating func rebuild() {
    heap.removeAll { !live.contains($0.id) }
    steps += heap.count
    for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
  }
}
