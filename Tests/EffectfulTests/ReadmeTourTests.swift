import Effectful
import EffectfulHTTPTestSupport
import EffectfulTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The README's taste and its test, kept compiling and working here: if this file changes, change
// the README too. `everySwiftLineOfTheReadmeIsCompiledHere` checks that they agree.

private struct CounterState: Equatable {
  var count = 0
  var fact: String?
  var isTimerOn = false
}
private enum CounterAction: Equatable, Sendable {
  case incrementButtonTapped, factButtonTapped, factResponse(String)
  case timerButtonTapped, timerTick
}
private enum CancelID: Hashable, Sendable { case timer }

private struct CounterEnvironment: Sendable {
  var fact: @Sendable (Int) async throws -> String  // live: a request; tests: a stub
  var clock: any Clock<Duration>  // live: ContinuousClock(); tests: TestClock()
}

private func counterReducer(
  environment: CounterEnvironment
) -> Reducer<CounterState, CounterAction> {
  { state, action in
    switch action {
    case .incrementButtonTapped:
      state.count += 1
      return .none  // no effect
    case .factButtonTapped:
      return .run { [count = state.count] send in
        await send(.factResponse(try await environment.fact(count)))
      } catch: { error, send in
        await send(.factResponse("No fact: \(error.localizedDescription)"))
      }
    case .factResponse(let fact):
      state.fact = fact
      return .none
    case .timerButtonTapped:
      state.isTimerOn.toggle()
      guard state.isTimerOn else { return .cancel(id: CancelID.timer) }
      return .run { send in
        for await _ in environment.clock.timer(interval: .seconds(1)) {
          await send(.timerTick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .timerTick:
      state.count += 1
      return .none
    }
  }
}

/// Requests that fail after 5 s of silence (Linux's shared session can wait for ever).
private let session = URLSession(configuration: {
  let configuration = URLSessionConfiguration.default
  configuration.timeoutIntervalForRequest = 5
  return configuration
}())

/// The text of a 2xx answer, or an error that says why there is none.
@Sendable private func text(from url: URL) async throws -> String {
  let (data, response) = try await session.data(from: url)
  let status = (response as? HTTPURLResponse)?.statusCode ?? 0
  guard (200..<300).contains(status) else { throw URLError(.badServerResponse) }
  return String(decoding: data, as: UTF8.self)
}

extension CounterEnvironment {
  static let live = CounterEnvironment(
    fact: { n in
      guard let url = URL(string: "http://numbersapi.com/\(n)/trivia") else {
        throw URLError(.badURL)
      }
      return try await text(from: url)
    },
    clock: ContinuousClock())
}

/// The README's `main.swift` from `let environment` on, never run here (it asks numbersapi.com).
@MainActor private func tourMain() async {
  let environment = CounterEnvironment.live
  await tourProgram(environment: environment)
}

/// The rest of the README's `main.swift`, line for line; `print` is this file's own (below).
@MainActor private func tourProgram(environment: CounterEnvironment) async {
  let store = Store(
    initialValue: CounterState(), reducer: counterReducer(environment: environment))
  let subscription = store.subscribe { state in
    print("count:", state.count, "fact:", state.fact ?? "-")
  }
  store.send(.incrementButtonTapped)
  await store.send(.factButtonTapped).finish()  // when the fact, or why not, is in
  subscription.cancel()
}

/// What the program printed: the README's `print` lands here.
@MainActor private var printed: [String] = []
@MainActor private func print(_ items: Any...) {
  printed.append(items.map { "\($0)" }.joined(separator: " "))
}

// The README's test, as written there.
@MainActor @Test func timerAndFact() async {
  let clock = TestClock()
  let store = TestStore(
    initialValue: CounterState(),
    reducer: counterReducer(
      environment: CounterEnvironment(
        fact: { n in "\(n) is a good number." }, clock: clock)))
  store.send(.timerButtonTapped) { $0.isTimerOn = true }
  await clock.advance(by: .seconds(2))
  await store.receive(.timerTick) { $0.count = 1 }
  await store.receive(.timerTick) { $0.count = 2 }
  store.send(.timerButtonTapped) { $0.isTimerOn = false }
  store.send(.factButtonTapped)
  await store.receive(.factResponse("2 is a good number.")) {
    $0.fact = "2 is a good number."
  }
}

// The README's search and its test, as written there.
private struct SearchState: Equatable {
  var query = ""
  var results: [String] = []
}
private enum SearchAction: Equatable, Sendable {
  case queryChanged(String), searchResponse([String])
}
private enum SearchID: Hashable, Sendable { case search }

private func searchReducer(
  search: @escaping @Sendable (String) async throws -> [String],
  clock: any Clock<Duration>
) -> Reducer<SearchState, SearchAction> {
  { state, action in
    switch action {
    case .queryChanged(let query):
      state.query = query
      return .run { send in
        await send(.searchResponse(try await search(query)))
      }
      .debounce(id: SearchID.search, for: .milliseconds(300), clock: clock)
    case .searchResponse(let results):
      state.results = results
      return .none
    }
  }
}

@MainActor @Test func typingFastSearchesOnce() async {
  let clock = TestClock()
  let store = TestStore(
    initialValue: SearchState(),
    reducer: searchReducer(search: { query in [query + "!"] }, clock: clock))
  store.send(.queryChanged("e")) { $0.query = "e" }
  await clock.advance(by: .milliseconds(100))
  store.send(.queryChanged("ef")) { $0.query = "ef" }
  await clock.advance(by: .milliseconds(300))
  await store.receive(.searchResponse(["ef!"])) { $0.results = ["ef!"] }
}

@MainActor
@Suite("README tour", .serialized)
struct ReadmeTourTests {
  /// Every line of the README's Swift blocks (but the manifest's) is in this file, so the compiled
  /// copy cannot drift from what readers see. Comments, blank lines and spacing aside.
  @Test func everySwiftLineOfTheReadmeIsCompiledHere() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let blocks = readme.components(separatedBy: "```swift\n").dropFirst().compactMap {
      $0.components(separatedBy: "```").first
    }
    let code = blocks.filter { !$0.hasPrefix("// Package.swift") }
    #expect(code.count == 3, "the taste, its test, and the search with its test")
    let compiled = Set(try String(contentsOf: here, encoding: .utf8).split(separator: "\n").map(normalized))
    let missing = code.flatMap { $0.split(separator: "\n") }.map(normalized).filter { line in
      !line.isEmpty && !line.hasPrefix("#") && !line.hasPrefix("import ") && !compiled.contains(line)
    }
    #expect(missing.isEmpty, "README lines not compiled in ReadmeTourTests.swift: \(missing)")
  }

  /// The README says so: leave out the second `timerButtonTapped` and the test fails, the timer
  /// still running.
  @Test func theTimerLeftOnFailsTheTest() async {
    let failures = LockedValue<[String]>([])
    let clock = TestClock()
    let store = TestStore(
      initialValue: CounterState(),
      reducer: counterReducer(
        environment: CounterEnvironment(fact: { n in "\(n) is a good number." }, clock: clock)),
      failureReporter: { message, _, _ in failures.withValue { $0.append(message) } })
    store.send(.timerButtonTapped) { $0.isTimerOn = true }
    await clock.advance(by: .seconds(2))
    await store.receive(.timerTick) { $0.count = 1 }
    await store.receive(.timerTick) { $0.count = 2 }
    await store.finish()
    let messages = failures.withValue { $0 }
    #expect(messages.count == 1)
    #expect(messages.allSatisfy { $0.contains("still running") }, "\(messages)")
  }

  /// Offline, the request fails at once (the name does not resolve): the program prints why and
  /// ends, instead of waiting for a fact that never comes.
  @Test func theProgramEndsOfflineSayingWhy() async {
    printed = []
    let offline = URLError(.cannotFindHost)
    await tourProgram(
      environment: CounterEnvironment(fact: { _ in throw offline }, clock: ContinuousClock()))
    #expect(printed == ["count: 1 fact: -", "count: 1 fact: No fact: \(offline.localizedDescription)"])
  }

  @Test func theProgramPrintsTheFactAndEnds() async {
    printed = []
    await tourProgram(
      environment: CounterEnvironment(fact: { n in "\(n) is a number." }, clock: ContinuousClock()))
    #expect(printed == ["count: 1 fact: -", "count: 1 fact: 1 is a number."])
  }

  @Test func textFromALoopbackServer() async throws {
    let server = try TestHTTPServer { request in
      request.path == "/7/trivia"
        ? .text("7 is the number of days in a week.") : .text("not found", status: 404)
    }
    defer { server.stop() }
    #expect(try await text(from: server.url("/7/trivia")) == "7 is the number of days in a week.")
    await #expect(throws: URLError.self) { try await text(from: server.url("/8/trivia")) }
  }

  /// A server that never answers: the request fails on its own after the session's 5 s, so the
  /// program ends. (With the request's own `timeoutInterval` on the shared session, Linux waited
  /// for ever: the README's program was seen hanging for 60 s against such a server.)
  @Test func textFromASilentServerFailsOnItsOwn() async throws {
    let server = try TestHTTPServer { _ in TestHTTPResponse(delay: .seconds(3600)) }
    defer { server.stop() }
    await #expect(throws: URLError.self) { try await text(from: server.url("/1/trivia")) }
  }

  /// Nothing listening: the live request fails at once with an error that names the cause, which
  /// the program prints.
  @Test func textFromNowhereFailsAtOnce() async throws {
    let url = try #require(URL(string: "http://127.0.0.1:\(try unusedLoopbackPort())/1/trivia"))
    await #expect(throws: URLError.self) { try await text(from: url) }
  }
}

/// A line of code without its comment, indentation, `private ` and spacing differences.
private func normalized(_ line: Substring) -> String {
  var code = String(line)
  if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
  code = code.trimmingCharacters(in: .whitespaces)
  for prefix in ["@Sendable private ", "private "] where code.hasPrefix(prefix) {
    code = (prefix == "private " ? "" : "@Sendable ") + code.dropFirst(prefix.count)
  }
  return code.replacingOccurrences(of: " ", with: "")
}
