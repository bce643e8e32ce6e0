import Effectful
import Testing

@Suite("CasePath from the case alone")
struct CasePathReflectionTests {
  enum Child: Equatable { case tick, answer(Int) }
  enum Parent: Equatable {
    case child(Child)
    case other(Child)
    case row(id: Int, action: Child)
    case labeled(fact: String)
    case refresh
    case unrelated(String)
  }

  @Test func extractsItsCaseOnly() {
    let path = CasePath(Parent.child)
    // Twice: the first teaches the case, the second uses what it learned.
    #expect(path.extract(.child(.answer(1))) == .answer(1))
    #expect(path.extract(.child(.tick)) == .tick)
    #expect(path.extract(.other(.tick)) == nil)
    #expect(path.extract(.refresh) == nil)
  }

  @Test func anotherCaseWithTheSamePayloadIsNotLearned() {
    let path = CasePath(Parent.child)
    #expect(path.extract(.other(.tick)) == nil)
    #expect(path.extract(.child(.tick)) == .tick)
    #expect(path.extract(.other(.tick)) == nil)
  }

  @Test func severalValuesAndLabels() throws {
    let row = CasePath { (payload: (Int, Child)) in Parent.row(id: payload.0, action: payload.1) }
    let extracted = try #require(row.extract(.row(id: 2, action: .answer(3))))
    #expect(extracted.0 == 2 && extracted.1 == .answer(3))
    #expect(row.extract(.child(.tick)) == nil)
    let fact = CasePath(Parent.labeled)
    #expect(fact.extract(.labeled(fact: "2 is prime")) == "2 is prime")
    #expect(fact.extract(.unrelated("2 is prime")) == nil)
  }

  @Test func aCaseWithoutPayload() {
    let refresh = CasePath<Parent, Void> { _ in .refresh }
    #expect(refresh.extract(.refresh) != nil)
    #expect(refresh.extract(.child(.tick)) == nil)
    #expect(refresh.extract(.refresh) != nil)
  }

  indirect enum Tree: Equatable {
    case leaf(String)
    case node(Tree, Tree)
    case empty
  }

  struct Payload: Equatable {
    var name: String
    var values: [Int]
  }

  enum Mixed: Equatable {
    case none
    case payload(Payload)
    case text(String)
  }

  @Test func payloadsCopiedFromMemoryStayIntact() {
    let path = CasePath(Mixed.payload)
    for round in 0..<3 {
      let payload = Payload(name: "round \(round) of a string longer than fifteen bytes", values: [round, 2])
      #expect(path.extract(.payload(payload)) == payload)
      #expect(path.extract(.text("another case")) == nil)
      #expect(path.extract(.none) == nil)
    }
  }

  @Test func indirectCases() throws {
    let node = CasePath { (payload: (Tree, Tree)) in Tree.node(payload.0, payload.1) }
    let leaf = CasePath(Tree.leaf)
    for _ in 0..<3 {
      let children = try #require(node.extract(.node(.leaf("a"), .empty)))
      #expect(children.0 == .leaf("a") && children.1 == .empty)
      #expect(leaf.extract(.leaf("b")) == "b")
      #expect(leaf.extract(.empty) == nil)
    }
  }

  @Test func optionalsAreEnumsToo() {
    let some = CasePath<Int?, Int>(Optional.some)
    #expect(some.extract(3) == 3)
    #expect(some.extract(nil) == nil)
  }

  /// A generic wrapper nested in itself, as twenty levels of features are in the benchmark: one
  /// byte in all, so its cases are remembered by bit pattern.
  enum Level<Inner: Equatable>: Equatable {
    case inner(Inner)
    case other
  }
  enum Small: Equatable { case a, b, c, d, e, f, g, h }

  @Test func smallActionsRememberedByPatternKeepTheirCases() {
    typealias Deep = Level<Level<Level<Small>>>
    let path = CasePath(Deep.inner)
    let all: [Small] = [.a, .b, .c, .d, .e, .f, .g, .h]
    // More patterns than the memo's four slots, three times round: answers that were replaced
    // are asked of the enum again, and none is confused with another pattern's.
    for _ in 0..<3 {
      for small in all {
        #expect(path.extract(.inner(.inner(.inner(small)))) == .inner(.inner(small)))
        #expect(path.extract(.inner(.other)) == .other)
        #expect(path.extract(.other) == nil)
      }
    }
  }

  final class Box: Equatable, Sendable {
    let name: String
    init(_ name: String) { self.name = name }
    static func == (lhs: Box, rhs: Box) -> Bool { lhs.name == rhs.name }
  }
  enum Holder: Equatable { case box(Box), empty }

  @Test func aPayloadReadInPlaceIsARetainedCopy() {
    let path = CasePath(Holder.box)
    var extracted: [Box] = []
    for round in 0..<3 {
      // The holder goes away at the end of each round; what was extracted must outlive it.
      let holder = Holder.box(Box("round \(round)"))
      extracted.append(path.extract(holder)!)
      #expect(path.extract(.empty) == nil)
    }
    #expect(extracted.map(\.name) == ["round 0", "round 1", "round 2"])
  }
}
