import EffectfulTesting
import Testing

/// Item 13: `import EffectfulTesting` brings `Effectful` with it.
@MainActor
@Suite struct ImportsTests {
  @Test func item13EffectfulTestingBringsEffectful() {
    struct Row: Identifiable, Equatable, Sendable { let id: Int }
    let rows: IdentifiedArrayOf<Row> = [Row(id: 1)]
    let store = TestStore(initialValue: rows) { (_: inout IdentifiedArrayOf<Row>, _: Int) -> [Effect<Int>] in [] }
    store.send(0)
  }
}
