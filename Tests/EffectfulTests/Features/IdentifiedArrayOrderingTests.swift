import Effectful
import Testing

private struct Todo: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
  var isComplete = false
}

/// The ordering and in-place edits users reach for on an identified array (issue 30, item 7): the
/// ids always follow their elements.
@Suite("IdentifiedArray: ordering and in-place edits")
struct IdentifiedArrayOrderingTests {
  private var todos: IdentifiedArrayOf<Todo> = [
    Todo(id: 1, title: "a"), Todo(id: 2, title: "b", isComplete: true), Todo(id: 3, title: "c"),
  ]

  @Test("sort(by:) moves ids with their elements, and lookups by id follow")
  mutating func sortKeepsIDsWithElements() {
    todos.sort { !$0.isComplete && $1.isComplete }
    #expect(todos.map(\.id) == [1, 3, 2])
    #expect(Array(todos.ids) == [1, 3, 2])
    #expect(todos.index(id: 2) == 2)
    #expect(todos[id: 3]?.title == "c")
  }

  @Test("swapAt, reverse and shuffle keep the id table right")
  mutating func swapsKeepTheIDTable() {
    todos.swapAt(0, 2)
    #expect(Array(todos.ids) == [3, 2, 1])
    todos.reverse()
    #expect(Array(todos.ids) == [1, 2, 3])
    var generator = SystemRandomNumberGenerator()
    todos.shuffle(using: &generator)
    for (offset, todo) in todos.enumerated() {
      #expect(todos.index(id: todo.id) == offset)
    }
  }

  @Test("An element edited in place by offset keeps its id")
  mutating func inPlaceEditByOffset() {
    todos[1].title = "B"
    #expect(todos[id: 2]?.title == "B")
    for index in todos.indices { todos[index].isComplete = true }
    #expect(todos.allSatisfy { $0.isComplete })
  }

  @Test("updateOrAppend replaces in place or appends at the end")
  mutating func updateOrAppend() {
    let replaced = todos.updateOrAppend(Todo(id: 2, title: "B"))
    #expect(replaced?.title == "b")
    #expect(todos.map(\.title) == ["a", "B", "c"])
    #expect(todos.updateOrAppend(Todo(id: 4, title: "d")) == nil)
    #expect(Array(todos.ids) == [1, 2, 3, 4])
  }
}
