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

  @Test func optionalsAreEnumsToo() {
    let some = CasePath<Int?, Int>(Optional.some)
    #expect(some.extract(3) == 3)
    #expect(some.extract(nil) == nil)
  }
}
