import EffectfulEffectTestSupport
import Effectful
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The README's tour, kept compiling and working here: if this file changes, change the README too.

private struct CounterState: Equatable { var count = 0; var fact: String? }
private enum CounterAction: Equatable, Sendable {
  case incrementButtonTapped, factButtonTapped, factResponse(String?)
}
private struct NumberFact: Decodable, Sendable { var text: String }
private struct CounterEnvironment: Sendable {
  var fact: @Sendable (Int) -> Effect<String?>  // live: a request; tests: a stub
}

private func counterReducer(environment: CounterEnvironment) -> Reducer<CounterState, CounterAction> {
  { state, action in
    switch action {
    case .incrementButtonTapped:
      state.count += 1
      return []  // no effect
    case .factButtonTapped:
      return [
        environment.fact(state.count)
          .receive(on: DispatchQueue.main)  // the store lives on the main actor
          .map(CounterAction.factResponse)
          .cancellable(id: "fact", cancelInFlight: true)
      ]
    case .factResponse(let fact):
      state.fact = fact
      return []
    }
  }
}

/// The tour's program as the README writes it, from the store on: compiled here, never run (it talks
/// to numbersapi.com and ends the process). `tourRunsWithAStubbedFact` runs the same steps.
@MainActor
private func tourProgram() -> Never {
  let store = Store(initialValue: CounterState(), reducer: counterReducer(environment: .init(
    fact: { n in
      dataTask(with: URL(string: "http://numbersapi.com/\(n)/trivia?json")!)
        .decode(as: NumberFact.self)
        .map { $0?.text }
    }
  )))
  let subscription = store.subscribe { state in
    print("count:", state.count, "fact:", state.fact ?? "-")
    if state.fact != nil { exit(0) }  // the answer is in: done
  }
  store.send(.incrementButtonTapped)
  store.send(.factButtonTapped)
  _ = subscription
  dispatchMain()  // run the main queue, where the answer arrives
}

@MainActor
@Suite("README tour")
struct ReadmeTourTests {
  /// Every line of code in the README's tour is in this file, so the compiled copy cannot drift
  /// from what readers see. Comments, blank lines, braces and `let subscription =` layout aside.
  @Test func theTourInTheReadmeIsTheCodeCompiledHere() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let tour = try #require(readme.components(separatedBy: "## A tour").dropFirst().first)
    let block = try #require(tour.components(separatedBy: "```swift\n").dropFirst().first?
      .components(separatedBy: "```").first)
    let compiled = Set(try String(contentsOf: here, encoding: .utf8).split(separator: "\n").map(normalized))
    let missing = block.split(separator: "\n").map(normalized).filter { line in
      !line.isEmpty && !line.hasPrefix("#") && !line.hasPrefix("import ") && !compiled.contains(line)
    }
    #expect(missing.isEmpty, "README tour lines not compiled in ReadmeTourTests.swift: \(missing)")
  }


  @Test func tourRunsWithAStubbedFact() async {
    let store = Store(
      initialValue: CounterState(),
      reducer: counterReducer(
        environment: .init(fact: { n in Effect { callback in callback("\(n) is a number") } })))
    var printed: [String] = []
    let subscription = store.subscribe { printed.append("count: \($0.count) fact: \($0.fact ?? "-")") }
    store.send(.incrementButtonTapped)
    store.send(.factButtonTapped)
    #expect(await waitUntil { store.value.fact != nil })
    #expect(store.value == CounterState(count: 1, fact: "1 is a number"))
    #expect(printed == ["count: 1 fact: -", "count: 1 fact: 1 is a number"], "no-op actions are not changes")
    subscription.cancel()
  }

  @Test func liveFactEnvironmentDecodesNumbersAPIShape() async throws {
    let live: @Sendable (URL) -> Effect<String?> = { url in
      dataTask(with: url).decode(as: NumberFact.self).map { $0?.text }
    }
    let outputs = Collected<String?>()
    let server = try HTTPStub.numbersAPI()
    defer { server.stop() }
    live(server.url("/7/trivia?json")).run { outputs.append($0) }
    #expect(await waitUntil { !outputs.values.isEmpty })
    #expect(outputs.values == ["7 is the number of days in a week."])
  }
}

/// A line of code without its comment, indentation, `private ` and spacing differences.
private func normalized(_ line: Substring) -> String {
  var code = String(line)
  if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
  code = code.trimmingCharacters(in: .whitespaces)
  if code.hasPrefix("private ") { code.removeFirst("private ".count) }
  return code.replacingOccurrences(of: " ", with: "")
}
