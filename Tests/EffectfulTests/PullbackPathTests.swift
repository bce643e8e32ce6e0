import Effectful
import Testing

// `pullback` reaches a stored local value at a byte offset and anything else through the key path:
// both roads must give the same results, effects included.

private struct Inner: Equatable {
  var tag = "inner"
  var count = 0
}

private struct Outer: Equatable {
  var label = "outer"
  var inner = Inner()
  var flag = false
}

private struct Root: Equatable {
  var prefix: [Int] = [1, 2, 3]
  var outer = Outer()
  var box = Box()

  /// Computed: no offset, so the key path is used.
  var doubledCount: Int {
    get { outer.inner.count * 2 }
    set { outer.inner.count = newValue / 2 }
  }
}

/// A class in the path: the value is not stored inline, so the key path is used.
private final class Box: Equatable, @unchecked Sendable {
  var count = 0
  static func == (lhs: Box, rhs: Box) -> Bool { lhs.count == rhs.count }
}

private enum CountAction: Equatable, Sendable {
  case add(Int)
  case addLater(Int)
}

private let countReducer: Reducer<Int, CountAction> = { count, action in
  switch action {
  case .add(let amount):
    count += amount
    return []
  case .addLater(let amount):
    return [.send(.add(amount)), .none]
  }
}

private let countCase = CasePath<CountAction, CountAction>({ $0 }, extract: { $0 })

@Suite("Pullback paths")
struct PullbackPathTests {
  @Test func aNestedStoredPathChangesOnlyItsField() {
    var root = Root()
    let reducer = pullback(countReducer, value: \Root.outer.inner.count, action: countCase)
    let effects = reducer(&root, .add(5))
    #expect(effects.isEmpty)
    var expected = Root()
    expected.outer.inner.count = 5
    #expect(root == expected)
    #expect(root.outer.label == "outer" && root.outer.inner.tag == "inner" && root.prefix == [1, 2, 3])
  }

  @Test func aComputedPathGoesThroughItsAccessors() {
    var root = Root()
    root.outer.inner.count = 3
    let reducer = pullback(countReducer, value: \Root.doubledCount, action: countCase)
    _ = reducer(&root, .add(4))
    #expect(root.outer.inner.count == 5)
  }

  @Test func aPathThroughAClassReachesTheObject() {
    var root = Root()
    let reducer = pullback(countReducer, value: \Root.box.count, action: countCase)
    _ = reducer(&root, .add(2))
    #expect(root.box.count == 2)
  }

  @Test @MainActor func effectsOfEveryCountAreMappedInOrder() {
    var root = Root()
    let keyPathReducer = pullback(
      countReducer, value: \Root.outer.inner.count, action: \CountAction.optional)
    let casePathReducer = pullback(countReducer, value: \Root.outer.inner.count, action: countCase)
    for reducer in [keyPathReducer, casePathReducer] {
      let effects = reducer(&root, .addLater(7))
      #expect(effects.count == 2)
      let store = Store(initialValue: Root(), reducer: reducer)
      store.send(.addLater(7))
      #expect(store.value.outer.inner.count == 7)
    }
  }
}

extension CountAction {
  /// The episode's optional action property, here for the identity embedding.
  fileprivate var optional: CountAction? {
    get { self }
    set { if let newValue { self = newValue } }
  }
}
