import Effectful
import Testing

/// Where a removal check lifted by `map` looks for its value: `nestedValues(ofType:in:)`.
@Suite("Finding a child's value by its type")
struct NestedValuesTests {
  struct Child: Equatable { var count = 0 }
  struct Holder { var child = Child(count: 1) }
  enum Screen { case shown(Holder), hidden }
  struct Parent {
    var title = "t"
    var optional: Child? = Child(count: 2)
    var screen = Screen.shown(Holder())
    var list = [Child(count: 3)]
  }

  @Test func itFindsEachOutermostValueWithItsPathThroughOptionalsAndEnumsButNotCollections() {
    let found = nestedValues(ofType: Child.self, in: Parent())
    #expect(found.map(\.path) == [".optional.some", ".screen.shown.child"])
    #expect(found.map { $0.value as? Child } == [Child(count: 2), Child(count: 1)])
  }

  @Test func aMatchIsNotSearchedFurther() {
    indirect enum Tree { case leaf, node(Tree) }
    struct Outer { var tree = Tree.node(.node(.leaf)) }
    #expect(nestedValues(ofType: Tree.self, in: Outer()).map(\.path) == [".tree"])
  }

  @Test func theRootItselfIsAMatch() {
    #expect(nestedValues(ofType: Child.self, in: Child()).map(\.path) == [""])
  }

  @Test func nothingOfTheTypeFindsNothing() {
    #expect(nestedValues(ofType: Int8.self, in: Parent()).isEmpty)
  }
}
