@testable import EffectfulPrimeTimeApp
import Testing

/// The queue between prime-time's reader thread and the app: a script can queue a million lines, so
/// popping them must cost linear work. Counted in lines moved, not timed.
@Suite("prime-time's line queue")
struct LineQueueTests {
  @Test("Lines come out in the order they went in")
  func firstInFirstOut() {
    var queue = LineQueue()
    for line in ["+", "nth", "-"] { queue.push(line) }
    #expect(queue.pop() == "+")
    queue.push("quit")
    #expect([queue.pop(), queue.pop(), queue.pop(), queue.pop()] == ["nth", "-", "quit", nil])
    #expect(queue.isEmpty)
  }

  @Test("Popping every line of a long script moves each line at most once")
  func popAllIsLinear() {
    let lines = 100_000
    var queue = LineQueue()
    for index in 0..<lines { queue.push(String(index)) }
    var popped = 0
    while let line = queue.pop() {
      #expect(line == String(popped))
      popped += 1
    }
    #expect(popped == lines)
    // `removeFirst()` on each pop would move about lines² / 2 = 5,000,000,000 lines.
    #expect(queue.linesMoved <= lines)
  }

  @Test("Pushing while popping, as the reader keeps ahead of the app, stays linear")
  func interleavedIsLinear() {
    let rounds = 50_000
    var queue = LineQueue()
    var next = 0
    var expected = 0
    for _ in 0..<rounds {
      for _ in 0..<3 {
        queue.push(String(next))
        next += 1
      }
      for _ in 0..<2 {
        #expect(queue.pop() == String(expected))
        expected += 1
      }
    }
    #expect(queue.count == rounds)
    #expect(queue.linesMoved <= 3 * rounds)
  }
}
