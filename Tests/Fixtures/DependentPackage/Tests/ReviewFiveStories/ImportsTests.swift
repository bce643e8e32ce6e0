import EffectfulTesting
import Testing

/// Item 13: `import EffectfulTesting` brings `Effectful` with it.
@MainActor
@Suite struct ImportsTests {
  @Test func item13EffectfulTestingBringsEffectful() {
    struct Row: Identifiable, Equatable, Sendable { let id: Int }
    let rows: IdentifiedArrayOf<Row> = [Row(id: 1)]
    let reducer: Reducer<IdentifiedArrayOf<Row>, Int> = { _, _ in [] }
    let store = TestStore(initialValue: rows, reducer: reducer)
    store.send(0)
  }
}
