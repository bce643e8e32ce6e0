import Effectful
import Foundation
import Testing

private struct Item: Identifiable, Equatable, Hashable, Codable, Sendable {
  let id: Int
  var name: String
}

/// Counts the work id lookups do: every hash and every comparison of an id.
private final class Work: @unchecked Sendable {
  var hashes = 0
  var comparisons = 0
}

private struct CountedID: Hashable, @unchecked Sendable {
  let value: Int
  let work: Work
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.work.comparisons += 1
    return lhs.value == rhs.value
  }
  func hash(into hasher: inout Hasher) {
    work.hashes += 1
    hasher.combine(value)
  }
}

private struct CountedItem {
  let id: CountedID
  var visits = 0
}

@Suite("IdentifiedArray")
struct IdentifiedArrayTests {
  @Test("A literal keeps order; ids read, write and remove in place")
  func basics() {
    var items: IdentifiedArrayOf<Item> = [Item(id: 1, name: "a"), Item(id: 2, name: "b")]
    #expect(items.ids == [1, 2])
    #expect(items[id: 2]?.name == "b")
    #expect(items[id: 3] == nil)
    items[id: 2]?.name = "B"
    #expect(items[1] == Item(id: 2, name: "B"))
    items[id: 3] = Item(id: 3, name: "c")
    #expect(items.ids == [1, 2, 3])
    items[id: 1] = nil
    #expect(items.ids == [2, 3])
    #expect(items.first?.id == 2)
    #expect(items.index(id: 3) == 1)
    #expect(items.ids.contains(3) && !items.ids.contains(1))
    let expected = [2, 3]
    #expect(items.ids == expected && expected == items.ids && Array(items.ids) == expected)
  }

  @Test("append and insert skip a duplicate id and say so")
  func appendAndInsert() {
    var items = IdentifiedArrayOf<Item>()
    #expect(items.append(Item(id: 1, name: "a")) == (true, 0))
    #expect(items.append(Item(id: 1, name: "other")) == (false, 0))
    #expect(items[id: 1]?.name == "a")
    #expect(items.insert(Item(id: 0, name: "z"), at: 0) == (true, 0))
    #expect(items.insert(Item(id: 1, name: "x"), at: 0) == (false, 1))
    #expect(items.ids == [0, 1])
    #expect(items[id: 1]?.name == "a")
  }

  @Test("remove(id:), remove(atOffsets:) and removeAll(where:) keep the index in step")
  func removals() {
    var items = IdentifiedArrayOf(uniqueElements: (0..<10).map { Item(id: $0, name: "\($0)") })
    #expect(items.remove(id: 4)?.name == "4")
    #expect(items.remove(id: 4) == nil)
    items.remove(atOffsets: IndexSet([0, 2, 8]))
    #expect(items.ids == [1, 3, 5, 6, 7, 8])
    items.removeAll { $0.id.isMultiple(of: 2) }
    #expect(items.ids == [1, 3, 5, 7])
    for (offset, id) in items.ids.enumerated() { #expect(items.index(id: id) == offset) }
    #expect(items[id: 2] == nil && items[id: 7]?.name == "7")
  }

  @Test("move(fromOffsets:toOffset:) moves as SwiftUI's onMove describes")
  func moves() {
    var items = IdentifiedArrayOf(uniqueElements: (0..<5).map { Item(id: $0, name: "") })
    items.move(fromOffsets: IndexSet(integer: 0), toOffset: 5)
    #expect(items.ids == [1, 2, 3, 4, 0])
    items.move(fromOffsets: IndexSet([3, 4]), toOffset: 1)
    #expect(items.ids == [1, 4, 0, 2, 3])
    items.move(fromOffsets: IndexSet(integer: 2), toOffset: 2)
    #expect(items.ids == [1, 4, 0, 2, 3])
    for (offset, id) in items.ids.enumerated() { #expect(items.index(id: id) == offset) }
  }

  @Test("A key path names the id of elements that are not Identifiable")
  func keyPathID() {
    struct Named: Equatable { var name: String; var age: Int }
    var people = IdentifiedArray(uniqueElements: [Named(name: "A", age: 1)], id: \.name)
    people[id: "A"]?.age += 1
    people.append(Named(name: "B", age: 5))
    #expect(people.map(\.age) == [2, 5])
    #expect(people.ids == ["A", "B"])
  }

  @Test("Equatable and Hashable compare the elements in order")
  func equality() {
    let a: IdentifiedArrayOf<Item> = [Item(id: 1, name: "a"), Item(id: 2, name: "b")]
    var b = a
    #expect(a == b && a.hashValue == b.hashValue)
    b.move(fromOffsets: [0], toOffset: 2)
    #expect(a != b)
    #expect(Set([a, a]).count == 1)
  }

  @Test("Codable as a plain array; a duplicate id in the input is a DecodingError")
  func codable() throws {
    let items: IdentifiedArrayOf<Item> = [Item(id: 1, name: "a"), Item(id: 2, name: "b")]
    let data = try JSONEncoder().encode(items)
    #expect(try JSONDecoder().decode([Item].self, from: data) == Array(items))
    #expect(try JSONDecoder().decode(IdentifiedArrayOf<Item>.self, from: data) == items)
    let duplicated = Data(#"[{"id":1,"name":"a"},{"id":1,"name":"b"}]"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(IdentifiedArrayOf<Item>.self, from: duplicated)
    }
  }

  @Test("200,000 lookups by id do constant work each: no search")
  func lookupsAreConstantWork() {
    let work = Work()
    let count = 200_000
    var items = IdentifiedArray(
      uniqueElements: (0..<count).map { CountedItem(id: CountedID(value: $0, work: work)) }, id: \.id)
    work.hashes = 0
    work.comparisons = 0
    for value in stride(from: count - 1, through: 0, by: -1) {
      items.modify(id: CountedID(value: value, work: work)) { $0.visits += 1 }
    }
    for value in 0..<count {
      #expect(items[id: CountedID(value: value, work: work)]?.visits == 1)
    }
    // Two lookups per id: one hash each, and a comparison or two (hash collisions are rare; a debug
    // build also checks that the id did not change). A search would compare ids billions of times.
    #expect(work.hashes == 2 * count)
    #expect(work.comparisons <= 4 * count)
    #expect(items.ids.contains(CountedID(value: count / 2, work: work)))
  }
}
