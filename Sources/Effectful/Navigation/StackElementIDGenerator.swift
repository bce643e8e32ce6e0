/// Where a store's ``StackElementID``s come from: a counter that only goes up, so no id is handed
/// out twice while it lasts. A test store keeps its own, counting from 0 (its `testValue`); an app
/// shares one across the process.
struct StackElementIDGenerator: Sendable {
  private let counter: LockedValue<Int>

  init(startingAt first: Int = 0) {
    counter = LockedValue(first)
  }

  /// The id the next push takes in a stack whose newest id is `last`.
  func peek(after last: StackElementID?) -> StackElementID {
    counter.withValue { StackElementID(generation: Self.next(from: $0, after: last)) }
  }

  /// Hands out the id the next push takes in a stack whose newest id is `last`: the counter's next,
  /// or past `last` when the stack was built from another counter (state made outside the store),
  /// so that ids within one stack always grow.
  func next(after last: StackElementID?) -> StackElementID {
    counter.withValue { count in
      let generation = Self.next(from: count, after: last)
      count = generation + 1
      return StackElementID(generation: generation)
    }
  }

  private static func next(from count: Int, after last: StackElementID?) -> Int {
    max(count, (last?.generation ?? -1) + 1)
  }
}

extension DependencyValues {
  /// The ids a ``StackState`` gives the elements pushed on it.
  var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDKey.self] }
    set { self[StackElementIDKey.self] = newValue }
  }
}

private enum StackElementIDKey: DependencyKey {
  static let liveValue = StackElementIDGenerator()
  // A new counter for each test store (which keeps the test value it read): its first push is 0.
  static var testValue: StackElementIDGenerator { StackElementIDGenerator() }
}
