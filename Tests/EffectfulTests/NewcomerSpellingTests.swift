import Foundation
import Testing

/// Issue 36, item 13: what a newcomer wrote on the first day, compiled as a client of the built
/// modules: `import EffectfulTesting` alone, `unimplemented` in a feature module, `Effectful.ifLet`
/// inside a feature type, a `@ReducerBuilder` helper, and generic glue, all without a warning.
@Suite("A newcomer's spellings")
struct NewcomerSpellingTests {
  @Test func theSpellingsTheDocsGiveCompileCleanly() throws {
    guard let compiler = Compiler.find() else { return }
    let feature = try compiler.diagnose(
      """
      import Effectful
      struct QuoteClient: Sendable {
        var fetch: @Sendable (Int) async throws -> String
        var count: @Sendable () -> Int
      }
      enum QuoteClientKey: DependencyKey {
        static let liveValue = QuoteClient(fetch: { "\\($0)" }, count: { 0 })
        static let testValue = QuoteClient(
          fetch: unimplemented("QuoteClient.fetch"),
          count: unimplemented("QuoteClient.count", placeholder: 0))
      }
      struct Child: ReducerProtocol {
        struct State: Equatable, Sendable { var n = 0 }
        enum Action: Equatable, Sendable { case tap }
        func reduce(into state: inout State, action: Action) -> [Effect<Action>] { .none }
      }
      struct Parent: ReducerProtocol {
        struct State: Equatable, Sendable { var child: Child.State?; var count = 0 }
        enum Action: Equatable, Sendable { case child(Child.Action), open }
        var body: some ReducerOf<Self> {
          helper
          Reduce(childReducer)
        }
        @ReducerBuilder<State, Action>
        var helper: some ReducerOf<Self> {
          Reduce { state, action in .none }
          Reduce { state, action in
            if action == .open { state.count += 1 }
            return .none
          }
        }
      }
      extension Parent {
        var childReducer: Reducer<State, Action> {
          Effectful.ifLet(Child().reducer, value: \\.child, action: CasePath(Action.child))
        }
      }
      enum ListAction<ID: Hashable & Sendable, ElementAction> {
        case row((ID, ElementAction)), one(ElementAction)
      }
      struct ListState<Element: Identifiable> {
        var rows: IdentifiedArrayOf<Element> = []
        var one: Element?
      }
      func listGlue<Element: Identifiable, ElementAction>(
        _ element: @escaping Reducer<Element, ElementAction>
      ) -> Reducer<ListState<Element>, ListAction<Element.ID, ElementAction>> where Element.ID: Sendable {
        combine(
          forEach(element, value: \\.rows, action: CasePath(ListAction.row)),
          ifLet(element, value: \\.one, action: CasePath(ListAction.one)))
      }
      func effectGlue<ElementAction>(
        _ effects: [Effect<ElementAction>]
      ) -> [Effect<ListAction<Int, ElementAction>>] {
        effects.map { ListAction.one($0) }
      }
      """)
    #expect(!feature.contains("error:") && !feature.contains("warning:"), "\(feature)")

    let test = try compiler.diagnose(
      """
      import EffectfulTesting
      struct Row: Identifiable, Equatable, Sendable { var id: Int }
      @MainActor func story() async {
        let store = TestStore(
          initialValue: IdentifiedArrayOf<Row>(), reducer: { (_: inout IdentifiedArrayOf<Row>, _: Int) in .none })
        store.send(1)
        await store.finish()
      }
      """)
    #expect(!test.contains("error:") && !test.contains("warning:"), "\(test)")

    let unqualified = try compiler.diagnose(
      """
      import Effectful
      struct Child: ReducerProtocol {
        struct State: Equatable, Sendable {}
        enum Action: Equatable, Sendable { case tap }
        func reduce(into state: inout State, action: Action) -> [Effect<Action>] { .none }
      }
      struct Parent: ReducerProtocol {
        struct State: Equatable, Sendable { var child: Child.State? }
        enum Action: Equatable, Sendable { case child(Child.Action) }
        var body: some ReducerOf<Self> { Reduce(childReducer) }
        var childReducer: Reducer<State, Action> {
          ifLet(Child().reducer, value: \\.child, action: CasePath(Action.child))
        }
      }
      """)
    // The compiler names the spelling the docs give.
    #expect(unqualified.contains("use 'Effectful.' to reference the global function"), "\(unqualified)")
  }
}
