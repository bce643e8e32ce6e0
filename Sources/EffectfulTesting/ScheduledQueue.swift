import Effectful

/// What a ``TestScheduler`` or a ``TestClock`` holds, in the order it runs: a binary min-heap keyed by
/// (deadline, scheduling order), so that taking the next piece of work and scheduling one are
/// O(log n). `Payload` is what runs: a scheduler's closure, a clock's sleeping task.
///
/// Cancelling is lazy and O(1): the work is marked, ``count`` drops at once, and its entry is skipped
/// when it reaches the top, or dropped when dead entries come to outnumber live ones and the heap is
/// rebuilt, so a long debounce cancelled on every keystroke does not hold its closures for ever.
///
/// Not thread-safe: its owner calls it under its lock, which also guards every ``Work``.
struct ScheduledQueue<Payload> {
  /// One piece of work, shared by its heap entry and the handle that cancels it.
  final class Work: @unchecked Sendable {
    let interval: Duration?
    let payload: Payload
    /// Whether it may still run: false once a one-shot has run, or once cancelled.
    fileprivate(set) var isPending = true

    fileprivate init(interval: Duration?, payload: Payload) {
      self.interval = interval
      self.payload = payload
    }
  }

  /// A heap entry: small, so that sifting moves little memory. Repeating work keeps its `order`, and so
  /// its place among work due at the same time.
  private struct Entry {
    var deadline: SchedulerInstant
    let order: UInt64
    let work: Work
  }

  private var heap: [Entry] = []
  private var nextOrder: UInt64 = 0
  /// Entries in `heap` whose work was cancelled.
  private var deadEntries = 0
  /// Comparisons and moves made so far; see ``TestScheduler/queueSteps``.
  private(set) var steps = 0

  /// How many pieces of work wait to run (repeating work counts once).
  var count: Int { heap.count - deadEntries }

  /// The deadline of the earliest live work, if any. Drops dead entries it finds on top, so it is
  /// amortized O(1), like their removal in ``popFirst(dueBy:)``.
  var firstDeadline: SchedulerInstant? {
    mutating get {
      while let top = heap.first, !top.work.isPending {
        removeTop()
        deadEntries -= 1
      }
      return heap.first?.deadline
    }
  }

  /// Adds work due at `deadline`, after all work already due then.
  mutating func insert(deadline: SchedulerInstant, interval: Duration? = nil, payload: Payload) -> Work {
    nextOrder += 1
    let work = Work(interval: interval, payload: payload)
    push(Entry(deadline: deadline, order: nextOrder, work: work))
    return work
  }

  /// Forgets `work`; nothing happens if it already ran or was cancelled. Returns whether it was still
  /// pending, so that the caller knows it is the one to tell the work's owner.
  @discardableResult
  mutating func cancel(_ work: Work) -> Bool {
    guard work.isPending else { return false }
    work.isPending = false
    deadEntries += 1
    if heap.count > 64, deadEntries * 2 > heap.count { rebuild() }
    return true
  }

  /// Removes and returns the earliest live work due by `limit` (any, if nil), with its deadline.
  /// Repeating work goes back in at its next deadline, in the same order, before it is returned.
  mutating func popFirst(dueBy limit: SchedulerInstant?) -> (work: Work, deadline: SchedulerInstant)? {
    while let top = heap.first {
      guard top.work.isPending else {
        removeTop()
        deadEntries -= 1
        continue
      }
      if let limit, top.deadline > limit { return nil }
      if let interval = top.work.interval {
        heap[0].deadline = top.deadline.advanced(by: interval)
        siftDown(0)
      } else {
        top.work.isPending = false
        removeTop()
      }
      return (top.work, top.deadline)
    }
    return nil
  }

  /// Whether the entry at `lhs` runs before the one at `rhs`. It takes indices and reads only the keys,
  /// so that comparing never copies an entry (a retain and a release of its work, most of the cost).
  private func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
    let left = heap[lhs].deadline
    let right = heap[rhs].deadline
    return left < right || (left == right && heap[lhs].order < heap[rhs].order)
  }

  private mutating func push(_ entry: Entry) {
    heap.append(entry)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      steps += 1
      guard precedes(child, parent) else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func removeTop() {
    let last = heap.removeLast()
    guard !heap.isEmpty else { return }
    heap[0] = last
    siftDown(0)
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      guard left < heap.count else { return }
      let right = left + 1
      steps += 2
      var first = left
      if right < heap.count, precedes(right, left) { first = right }
      guard precedes(first, parent) else { return }
      heap.swapAt(first, parent)
      parent = first
    }
  }

  /// Drops the entries of cancelled work and restores the heap order, in O(n).
  private mutating func rebuild() {
    heap.removeAll { !$0.work.isPending }
    deadEntries = 0
    steps += heap.count
    for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
  }
}
