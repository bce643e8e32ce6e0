import Effectful
import Testing

/// A dependency that says which store (or scope) it belongs to.
private enum LabelKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
}

extension DependencyValues {
  fileprivate var label: String {
    get { self[LabelKey.self] }
    set { self[LabelKey.self] = newValue }
  }
}

private struct Failure: Error {}

/// The label in force in the calling task.
private func currentLabel() -> String {
  @Dependency(\.label) var label
  return label
}

@MainActor
@Suite struct DependencyTests {
  enum Action: Equatable, Sendable {
    case read
    case readInEffect
    case readInChildTask
    case readInCatch
    case answered(String)
  }

  /// Appends the label the reducer, or its effect, reads.
  static func labelReducer() -> Reducer<[String], Action> {
    @Dependency(\.label) var label
    return { labels, action in
      switch action {
      case .read:
        labels.append(label)
        return .none
      case .readInEffect:
        return .run { send in await send(.answered(label)) }
      case .readInChildTask:
        return .run { send in
          async let child = Task.detached { "detached" }.value
          async let inherited = currentLabel()
          _ = await child
          await send(.answered(await inherited))
        }
      case .readInCatch:
        return .run { _ in throw Failure() } catch: { _, send in await send(.answered(label)) }
      case .answered(let label):
        labels.append(label)
        return .none
      }
    }
  }

  // In a test process, the values in force outside everything are the test values (issue 36,
  // item 8): `TestProcessTests` covers the detection, and an app reads the live ones.
  @Test func outsideAnythingATestProcessReadsTheTestValue() {
    @Dependency(\.label) var label
    #expect(label == "test")
  }

  @Test func withDependenciesChangesWhatIsReadInside() {
    @Dependency(\.label) var label
    let inside = withDependencies { $0.label = "inside" } operation: { label }
    #expect(inside == "inside")
    #expect(label == "test")
  }

  @Test func aWrapperThatKeptTheDefaultValueStillSeesOverrides() {
    @Dependency(\.label) var label
    #expect(label == "test")
    #expect(withDependencies { $0.label = "set" } operation: { label } == "set")
    #expect(label == "test")
  }

  @Test func withDependenciesNests() {
    @Dependency(\.label) var label
    let (outer, inner) = withDependencies { $0.label = "outer" } operation: {
      (label, withDependencies { $0.label += "+inner" } operation: { label })
    }
    #expect(outer == "outer")
    #expect(inner == "outer+inner")
  }

  @Test func withDependenciesAsyncReachesChildTasks() async {
    @Dependency(\.label) var label
    let seen = await withDependencies { $0.label = "async" } operation: {
      await withTaskGroup(of: String.self) { group in
        group.addTask { currentLabel() }
        return await group.next() ?? ""
      }
    }
    #expect(seen == "async")
    #expect(label == "test")
  }

  static func makeStore(_ label: String) -> Store<[String], Action> {
    withDependencies { $0.label = label } operation: {
      Store(initialValue: [], reducer: Self.labelReducer())
    }
  }

  @Test func aStoreKeepsTheDependenciesInForceWhenItWasMade() {
    let store = Self.makeStore("store")
    store.send(.read)
    #expect(store.value == ["store"])
  }

  @Test func aStoreMadeOutsideReadsTheDefaultValues() {
    let store = Store(initialValue: [], reducer: Self.labelReducer())
    store.send(.read)
    #expect(store.value == ["test"])
  }

  /// Issue 36, item 7: a store made with the defaults read the values of whatever
  /// `withDependencies` its caller was in, in its reducer and in the effects it started.
  @Test func aStoreMadeWithTheDefaultsIgnoresItsCallersValues() async {
    let store = Store(initialValue: [], reducer: Self.labelReducer())
    await withDependencies { $0.label = "caller" } operation: {
      store.send(.read)
      await store.send(.readInEffect).finish()
      await store.send(.readInChildTask).finish()
    }
    #expect(store.value == ["test", "test", "test"])
  }

  /// Issue 36, item 7, for a store with values of its own: the caller's never replace them.
  @Test func aStoreWithItsOwnValuesIgnoresItsCallersValues() async {
    let store = Self.makeStore("own")
    await withDependencies { $0.label = "caller" } operation: {
      store.send(.read)
      await store.send(.readInEffect).finish()
    }
    #expect(store.value == ["own", "own"])
  }

  @Test func anEffectSeesItsReductionsDependenciesInItsOperationChildTaskAndCatch() async {
    let store = Self.makeStore("effect")
    await store.send(.readInEffect).finish()
    await store.send(.readInChildTask).finish()
    await store.send(.readInCatch).finish()
    #expect(store.value == ["effect", "effect", "effect"])
  }

  @Test func aViewSharesItsParentsDependencies() {
    let store = Self.makeStore("parent")
    let view = store.view(value: { $0.count }, action: { $0 })
    view.send(.read)
    #expect(store.value == ["parent"])
  }

  /// What a store labelled `label` reads in five rounds of reducer, effect and child task.
  static func storyOfAStore(_ label: String) async -> [String] {
    let store = makeStore(label)
    for _ in 0..<5 {
      store.send(.read)
      await store.send(.readInEffect).finish()
      await store.send(.readInChildTask).finish()
    }
    return store.value
  }

  @Test func storesWithDifferentDependenciesNeverCrossFromParallelTasks() async {
    let labels = (0..<20).map { "store \($0)" }
    let results = await withTaskGroup(of: (String, [String]).self) { group in
      for label in labels {
        group.addTask { await (label, Self.storyOfAStore(label)) }
      }
      var results: [(String, [String])] = []
      for await result in group { results.append(result) }
      return results
    }
    #expect(results.count == labels.count)
    for (label, seen) in results {
      #expect(seen == Array(repeating: label, count: 15))
    }
  }
}
