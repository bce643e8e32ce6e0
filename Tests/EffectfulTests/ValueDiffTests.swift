import Foundation
import Testing

import Effectful

// Fixtures are private so that they cannot clash with other files of this test target; that
// also checks that the runtime's `(unknown context at $…)` marker stays out of type names.

private struct PrimeAlert: Equatable {
  var n: Int
  var prime: Int
}

private struct CounterState: Equatable {
  var count = 0
  var alertNthPrime: PrimeAlert? = nil
  var isLoading = false
  var favoritePrimes: [Int] = []
}

private struct FavoriteState: Equatable {
  var favoritePrimes: [Int]
}

private enum Route: Equatable {
  case home
  case counter(CounterState)
  case alert(n: Int, prime: Int)
  case pair(Int, String)
}

private struct AppState: Equatable {
  var counter = CounterState()
  var route = Route.home
  var activity: [String: Int] = [:]
  var tags: Set<String> = []
}

private struct Outer {
  struct Inner {
    var x = 1
  }
  var inner = Inner()
}

private struct Box<Value> {
  var value: Value
}

private class Animal {
  var name: String
  init(name: String) { self.name = name }
}

private final class Dog: Animal {
  var goodBoy = true
}

private final class Link {
  var name: String
  var next: Link?
  init(name: String, next: Link? = nil) {
    self.name = name
    self.next = next
  }
}

/// The summary part of a diff: the lines before the blank line.
private func summary(_ text: String?) -> [String] {
  guard let text else { return [] }
  return Array(text.components(separatedBy: "\n").prefix { !$0.isEmpty })
}

// MARK: - Dump

@Test func dumpExpandsTheRootStructAndKeepsShortFlatValuesOnOneLine() {
  let state = CounterState(count: 2, alertNthPrime: PrimeAlert(n: 3, prime: 5), favoritePrimes: [2, 3, 5])
  #expect(
    Effectful.dump(state) == """
      CounterState(
        count: 2,
        alertNthPrime: PrimeAlert(n: 3, prime: 5),
        isLoading: false,
        favoritePrimes: [2, 3, 5]
      )
      """)
}

@Test func dumpExpandsNestedTypesFully() {
  let state = AppState(
    counter: CounterState(count: 1), route: .counter(CounterState(count: 2)), activity: ["b": 2, "a": 1],
    tags: ["y", "x"])
  #expect(
    Effectful.dump(state) == """
      AppState(
        counter: CounterState(
          count: 1,
          alertNthPrime: nil,
          isLoading: false,
          favoritePrimes: []
        ),
        route: .counter(CounterState(
          count: 2,
          alertNthPrime: nil,
          isLoading: false,
          favoritePrimes: []
        )),
        activity: ["a": 1, "b": 2],
        tags: Set(["x", "y"])
      )
      """)
}

@Test func dumpRendersEnumsWithTheirTypeNameAtTheRootOnly() {
  #expect(Effectful.dump(Route.home) == "Route.home")
  #expect(Effectful.dump(Route.alert(n: 3, prime: 5)) == "Route.alert(n: 3, prime: 5)")
  #expect(Effectful.dump(Route.pair(1, "one")) == #"Route.pair(1, "one")"#)
  #expect(Effectful.dump(Box(value: Route.home)) == "Box<Route>(\n  value: .home\n)")
}

@Test func dumpExpandsLongArraysWithTheirIndices() {
  let primes = [
    2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
  ]
  let lines = Effectful.dump(primes).components(separatedBy: "\n")
  #expect(lines.count == 27)
  #expect(lines[0] == "[")
  #expect(lines[1] == "  [0]: 2,")
  #expect(lines[25] == "  [24]: 97")
  #expect(lines[26] == "]")
}

@Test func dumpSortsDictionariesAndSetsAndRendersEmptyCollections() {
  #expect(Effectful.dump([3: "c", 1: "a", 2: "b"]) == #"[1: "a", 2: "b", 3: "c"]"#)
  #expect(Effectful.dump(Set([5, 3, 11])) == "Set([11, 3, 5])")
  #expect(Effectful.dump([Int]()) == "[]")
  #expect(Effectful.dump([String: Int]()) == "[:]")
  #expect(Effectful.dump(Set<Int>()) == "Set([])")
}

@Test func dumpQuotesAndEscapesStrings() {
  #expect(Effectful.dump("say \"hi\"\n\tbye\\") == #""say \"hi\"\n\tbye\\""#)
  #expect(Effectful.dump(Character("x")) == #""x""#)
  #expect(Effectful.dump("abc".dropFirst()) == #""bc""#)
}

@Test func dumpRendersOptionalsAsTheirValueOrNil() {
  #expect(Effectful.dump(Int?.some(3)) == "3")
  #expect(Effectful.dump(Int?.none) == "nil")
  #expect(
    Effectful.dump(Box<PrimeAlert?>(value: nil)) == "Box<Optional<PrimeAlert>>(\n  value: nil\n)")
}

@Test func dumpRendersFoundationValuesByTheirDescription() throws {
  let url = try #require(URL(string: "https://example.com/primes?n=3"))
  let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
  #expect(Effectful.dump(Date(timeIntervalSince1970: 0)) == "1970-01-01 00:00:00 +0000")
  #expect(Effectful.dump(url) == "https://example.com/primes?n=3")
  #expect(Effectful.dump(Data([1, 2, 3])) == "3 bytes")
  #expect(Effectful.dump(uuid) == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
  #expect(Effectful.dump(Duration.milliseconds(1500)) == "1.5 seconds")
}

@Test func dumpRendersTuplesWithTheirLabels() {
  #expect(Effectful.dump((1, label: "a")) == #"(1, label: "a")"#)
}

@Test func dumpWritesTypeNamesAsInSource() {
  #expect(Effectful.dump(Outer()) == "Outer(\n  inner: Outer.Inner(x: 1)\n)")
  #expect(Effectful.dump(Box(value: [1])) == "Box<Array<Int>>(\n  value: [1]\n)")
  #expect(Effectful.dump(Int.self) == "Int.self")
}

@Test func dumpIncludesSuperclassFields() {
  #expect(Effectful.dump(Dog(name: "Rex")) == "Dog(\n  name: \"Rex\",\n  goodBoy: true\n)")
}

@Test func dumpStopsAtReferenceCycles() {
  let first = Link(name: "a", next: Link(name: "b"))
  first.next?.next = first
  #expect(
    Effectful.dump(first) == """
      Link(
        name: "a",
        next: Link(name: "b", next: Link(↩︎))
      )
      """)
}

@Test func dumpRendersASharedInstanceInFullEachTime() {
  let shared = Link(name: "shared")
  #expect(
    Effectful.dump(Box(value: [shared, shared])) == """
      Box<Array<Link>>(
        value: [
          [0]: Link(name: "shared", next: nil),
          [1]: Link(name: "shared", next: nil)
        ]
      )
      """)
}

// MARK: - Diff: exact text

@Test func diffOfIdenticalValuesIsNil() {
  let state = AppState(
    counter: CounterState(count: 1, favoritePrimes: [2, 3]), activity: ["a": 1], tags: ["x"])
  #expect(diff(state, state) == nil)
  #expect(diff(Link(name: "a"), Link(name: "a")) == nil)
  #expect(diff(1, 1) == nil)
}

@Test func diffOfAStructNamesEachChangedFieldThenShowsTheBlock() {
  let expected = CounterState(count: 2, favoritePrimes: [2, 3])
  let actual = CounterState(count: 3, alertNthPrime: PrimeAlert(n: 3, prime: 5), favoritePrimes: [2, 3])
  #expect(
    diff(expected, actual) == """
      CounterState.count: expected 2, actual 3
      CounterState.alertNthPrime: expected nil, actual PrimeAlert(n: 3, prime: 5)

      Diff (- expected, + actual):
        CounterState(
      -   count: 2,
      +   count: 3,
      -   alertNthPrime: nil,
      +   alertNthPrime: PrimeAlert(n: 3, prime: 5),
          isLoading: false,
          favoritePrimes: [2, 3]
        )
      """)
}

@Test func diffOfAnArrayElementAndAnAddedElement() {
  #expect(
    diff(FavoriteState(favoritePrimes: [2, 3, 7]), FavoriteState(favoritePrimes: [2, 3, 11])) == """
      FavoriteState.favoritePrimes[2]: expected 7, actual 11

      Diff (- expected, + actual):
        FavoriteState(
      -   favoritePrimes: [2, 3, 7]
      +   favoritePrimes: [2, 3, 11]
        )
      """)
  #expect(
    summary(diff(FavoriteState(favoritePrimes: [2, 3, 5]), FavoriteState(favoritePrimes: [2, 3, 5, 13]))) == [
      "FavoriteState.favoritePrimes: expected 3 elements, actual 4 (added [3]: 13)"
    ])
}

@Test func diffOfANestedStructNamesTheFullPath() {
  let expected = AppState(counter: CounterState(count: 1, favoritePrimes: [2, 3, 5]))
  var actual = expected
  actual.counter.favoritePrimes[1] = 7
  #expect(
    diff(expected, actual) == """
      AppState.counter.favoritePrimes[1]: expected 3, actual 7

      Diff (- expected, + actual):
        AppState(
          counter: CounterState(
            count: 1,
            alertNthPrime: nil,
            isLoading: false,
      -     favoritePrimes: [2, 3, 5]
      +     favoritePrimes: [2, 7, 5]
          ),
          route: .home,
          activity: [:],
          tags: Set([])
        )
      """)
}

// MARK: - Diff: each shape

@Test func diffOfArraysCallsOutInsertionsAndRemovalsWithoutShiftingLaterElements() {
  #expect(
    summary(diff([2, 3, 5, 7], [2, 5, 7])) == ["Array<Int>: expected 4 elements, actual 3 (removed [1]: 3)"])
  #expect(
    summary(diff([2, 3], [1, 2, 3])) == ["Array<Int>: expected 2 elements, actual 3 (added [0]: 1)"])
  #expect(
    summary(diff([1, 2, 3], [4, 5])) == [
      "Array<Int>: expected 3 elements, actual 2 (removed [2]: 3)",
      "Array<Int>[0]: expected 1, actual 4",
      "Array<Int>[1]: expected 2, actual 5",
    ])
  #expect(
    summary(diff([1], [1, 2, 3, 4, 5, 6, 7, 8])) == [
      "Array<Int>: expected 1 element, actual 8 (added [1]: 2, [2]: 3, [3]: 4, [4]: 5, [5]: 6, and 2 more)"
    ])
}

@Test func diffOfALongArrayCollapsesUnchangedRunsInTheBlock() throws {
  let expected = Array(0..<30)
  var actual = expected
  actual[10] = -10
  let text = try #require(diff(expected, actual))
  #expect(
    text == """
      Array<Int>[10]: expected 10, actual -10

      Diff (- expected, + actual):
        [
          … (10 unchanged),
      -   [10]: 10,
      +   [10]: -10,
          … (19 unchanged)
        ]
      """)
}

@Test func diffOfDictionariesComparesByKey() {
  #expect(
    summary(diff(["a": 1, "b": 2], ["a": 1, "b": 3, "c": 4])) == [
      #"Dictionary<String, Int>: expected 2 entries, actual 3 (added "c": 4)"#,
      #"Dictionary<String, Int>["b"]: expected 2, actual 3"#,
    ])
  #expect(
    summary(diff([1: "x", 2: "y"], [2: "y"])) == [
      #"Dictionary<Int, String>: expected 2 entries, actual 1 (removed 1: "x")"#
    ])
}

@Test func diffOfSetsNamesAddedAndRemovedElements() {
  let expected = AppState(tags: ["x", "y"])
  let actual = AppState(tags: ["y", "z"])
  #expect(
    summary(diff(expected, actual)) == [
      #"AppState.tags: expected 2 elements, actual 2 (removed "x"; added "z")"#
    ])
}

@Test func diffOfOptionalsComparesTheWrappedValues() {
  let expected = CounterState(alertNthPrime: PrimeAlert(n: 3, prime: 5))
  #expect(
    summary(diff(expected, CounterState())) == [
      "CounterState.alertNthPrime: expected PrimeAlert(n: 3, prime: 5), actual nil"
    ])
  #expect(
    summary(diff(expected, CounterState(alertNthPrime: PrimeAlert(n: 3, prime: 7)))) == [
      "CounterState.alertNthPrime.prime: expected 5, actual 7"
    ])
}

@Test func diffOfEnumsTellsACaseChangeFromAPayloadChange() {
  #expect(
    summary(diff(Route.alert(n: 3, prime: 5), Route.home)) == [
      "Route: expected .alert(n: 3, prime: 5), actual .home"
    ])
  #expect(
    summary(diff(Route.alert(n: 3, prime: 5), Route.alert(n: 3, prime: 7))) == [
      "Route.alert.prime: expected 5, actual 7"
    ])
  #expect(
    summary(diff(Route.pair(1, "a"), Route.pair(1, "b"))) == [#"Route.pair.1: expected "a", actual "b""#])
  #expect(
    summary(
      diff(
        AppState(route: .counter(CounterState(count: 1))), AppState(route: .counter(CounterState(count: 2)))))
      == ["AppState.route.counter.count: expected 1, actual 2"])
}

@Test func diffOfAnEnumPayloadShowsTheCaseInTheBlock() {
  #expect(
    diff(AppState(route: .counter(CounterState(count: 1))), AppState(route: .counter(CounterState(count: 2))))
      == """
      AppState.route.counter.count: expected 1, actual 2

      Diff (- expected, + actual):
        AppState(
          counter: CounterState(
            count: 0,
            alertNthPrime: nil,
            isLoading: false,
            favoritePrimes: []
          ),
          route: .counter(CounterState(
      -     count: 1,
      +     count: 2,
            alertNthPrime: nil,
            isLoading: false,
            favoritePrimes: []
          )),
          activity: [:],
          tags: Set([])
        )
      """)
}

@Test func diffOfClassesComparesFieldsIncludingInheritedOnes() {
  let expected = Dog(name: "Rex")
  let actual = Dog(name: "Max")
  actual.goodBoy = false
  #expect(
    summary(diff(expected, actual)) == [
      #"Dog.name: expected "Rex", actual "Max""#,
      "Dog.goodBoy: expected true, actual false",
    ])
}

@Test func diffOfCyclicGraphsFinishes() {
  let expected = Link(name: "a", next: Link(name: "b"))
  expected.next?.next = expected
  let actual = Link(name: "a", next: Link(name: "c"))
  actual.next?.next = actual
  #expect(summary(diff(expected, actual)) == [#"Link.next.name: expected "b", actual "c""#])
  #expect(diff(expected, expected) == nil)
}

@Test func diffOfTuplesNamesLabelsAndPositions() {
  #expect(
    summary(diff((1, label: "a"), (2, label: "b"))) == [
      "(Int, label: String).0: expected 1, actual 2",
      #"(Int, label: String).label: expected "a", actual "b""#,
    ])
}

@Test func diffOfFoundationValuesUsesTheirDescription() {
  #expect(
    summary(diff(Box(value: Data([1, 2])), Box(value: Data([1, 2, 3])))) == [
      "Box<Data>.value: expected 2 bytes, actual 3 bytes"
    ])
  #expect(
    summary(diff(Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 60))) == [
      "Date: expected 1970-01-01 00:00:00 +0000, actual 1970-01-01 00:01:00 +0000"
    ])
}

@Test func diffOfValuesThatDumpTheSameIsNilEvenWhenTheirTypesDiffer() {
  #expect(diff(1, Int8(1)) == nil)
}

// MARK: - Diff: large values

@Test func diffOfLargeArraysIsCapped() throws {
  let expected = Array(0..<10_000)
  let text = try #require(diff(expected, expected.map { -$0 - 1 }))
  let lines = text.components(separatedBy: "\n")
  let summaryLines = summary(text)
  #expect(summaryLines.count == 21)
  #expect(summaryLines[0] == "Array<Int>[0]: expected 0, actual -1")
  #expect(summaryLines[20] == "… and 9980 more differences")
  #expect(lines.count < 80)
  #expect(lines.last == "  ]")
  #expect(lines.contains("    … (9980 more not shown)"))
}

@Test func diffOfAnInsertionIntoALargeArrayIsOneDifference() throws {
  let expected = Array(0..<10_000)
  let text = try #require(diff(expected, [-1] + expected))
  #expect(summary(text) == ["Array<Int>: expected 10000 elements, actual 10001 (added [0]: -1)"])
  #expect(text.components(separatedBy: "\n").count < 10)
}

@Test func diffCollapsesLargeUnchangedValuesInTheBlock() throws {
  let expected = Box(value: (Array(0..<1_000), 1))
  let text = try #require(diff(expected, Box(value: (Array(0..<1_000), 2))))
  #expect(
    text == """
      Box<(Array<Int>, Int)>.value.1: expected 1, actual 2

      Diff (- expected, + actual):
        Box<(Array<Int>, Int)>(
          value: (
            […],
      -     1
      +     2
          )
        )
      """)
}

@Test func diffOfAHugeReplacementIsCut() throws {
  let text = try #require(diff(Box<[Int]?>(value: nil), Box<[Int]?>(value: Array(0..<1_000))))
  #expect(
    summary(text) == [
      "Box<Optional<Array<Int>>>.value: expected nil, actual "
        + ("[" + (0..<100).map(String.init).joined(separator: ", ")).prefix(100) + "…"
    ])
  // 1,002 lines of dump, of which the first 40 are shown.
  #expect(text.components(separatedBy: "\n").count < 60)
  #expect(text.contains("+     … (962 more lines)"))
}
