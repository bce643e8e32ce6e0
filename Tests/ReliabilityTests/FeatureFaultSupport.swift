import EffectfulCounter
import Effectful
import EffectfulTesting
import Foundation
import EffectfulHTTPTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A Wolfram|Alpha answer whose primary pod says `plaintext`, shaped like the real service's.
func wolframAnswer(_ plaintext: String) -> String {
  """
  {"queryresult": {"success": true, "error": false, "pods": [
    {"title": "Input interpretation", "subpods": [{"plaintext": "prime"}]},
    {"title": "Result", "primary": true, "subpods": [{"plaintext": "\(plaintext)"}]}
  ]}}
  """
}

/// A fresh session per test, so no connection or cache is shared between tests; `timeout` is the
/// configuration's request timeout (whole seconds on Linux).
func ephemeralSession(requestTimeout timeout: TimeInterval? = nil) -> URLSession {
  let configuration = URLSessionConfiguration.ephemeral
  if let timeout { configuration.timeoutIntervalForRequest = timeout }
  return URLSession(configuration: configuration)
}

/// The counter on its live environment, pointed at `server`, delivering on the main queue.
@MainActor
func liveCounterStore(
  _ server: TestHTTPServer, session: URLSession, count: Int = 1_000, appID: String = "test-id",
  requestTimeout: Duration = CounterEnvironment.requestTimeout
) -> TestStore<CounterState, CounterAction> {
  let store = TestStore(
    initialValue: CounterState(count: count),
    reducer: counterReducer(
      environment: .live(
        appID: appID, endpoints: LiveEndpoints(serverAt: server.baseURL), session: session,
        mainQueue: DispatchQueue.main, requestTimeout: requestTimeout)))
  // Only waited out when a test is failing. Generous, because under the thread sanitizer the other
  // suites' synchronous main-actor tests can hold the main actor for half a minute.
  store.timeout = .seconds(180)
  return store
}

/// The counter's two requests, named for the gesture that starts each.
enum CounterRequest: String, CaseIterable, Sendable {
  case nthPrime
  case fact
}

/// Taps the button for `request`, receives its failure and checks that the screen shows the error's
/// message and is idle again; then dismisses the message. Returns the error, or nil (after recording
/// an issue) when something else arrived.
@MainActor
func expectFailure(
  of request: CounterRequest,
  in store: TestStore<CounterState, CounterAction>,
  file: StaticString = #filePath,
  line: UInt = #line
) async -> CounterError? {
  var failure: CounterError?
  switch request {
  case .nthPrime:
    store.send(.nthPrimeButtonTapped, { $0.isNthPrimeButtonDisabled = true }, file: file, line: line)
    await store.receive(
      { action in
        guard case .nthPrimeResponse(_, .failure(let error)) = action else { return false }
        failure = error
        return true
      },
      {
        $0.isNthPrimeButtonDisabled = false
        $0.errorMessage = failure?.message
      }, file: file, line: line)
  case .fact:
    store.send(.factButtonTapped, { $0.isLoading = true }, file: file, line: line)
    await store.receive(
      { action in
        guard case .factResponse(.failure(let error)) = action else { return false }
        failure = error
        return true
      },
      {
        $0.isLoading = false
        $0.errorMessage = failure?.message
      }, file: file, line: line)
  }
  let idle =
    !store.value.isLoading && !store.value.isNthPrimeButtonDisabled && store.value.nthPrimeProgress == nil
  #expect(idle, "the screen is idle again", sourceLocation: sourceLocation(file, line))
  #expect(store.value.errorMessage?.isEmpty == false, sourceLocation: sourceLocation(file, line))
  store.send(.errorDismissButtonTapped, { $0.errorMessage = nil }, file: file, line: line)
  return failure
}

private func sourceLocation(_ file: StaticString, _ line: UInt) -> SourceLocation {
  SourceLocation(
    fileID: "ReliabilityTests/\(URL(fileURLWithPath: "\(file)").lastPathComponent)",
    filePath: "\(file)", line: Int(line), column: 1)
}

/// Runs blocking `work` (waiting on the test server) off the main actor, so that main-queue
/// deliveries go on while it waits.
func offMainActor<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await Task.detached { work() }.value
}

/// A fresh directory under the system's temporary directory, removed when the value goes away.
final class ScratchDirectory: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ReliabilityTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    // Undo any read-only check first, or the removal fails for a user other than root.
    makeWritable(url)
    try? FileManager.default.removeItem(at: url)
  }

  func file(_ relativePath: String) -> URL {
    url.appendingPathComponent(relativePath)
  }

  func write(_ bytes: Data, to relativePath: String) throws {
    try bytes.write(to: file(relativePath))
  }

  /// The bytes at `relativePath`, or nil when there is no readable file there.
  func contents(_ relativePath: String) -> Data? {
    try? Data(contentsOf: file(relativePath))
  }

  func listing(_ relativePath: String = "") -> [String] {
    let path = relativePath.isEmpty ? url.path : file(relativePath).path
    return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }
}

private func makeWritable(_ url: URL) {
  let manager = FileManager.default
  try? manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
  for name in (try? manager.contentsOfDirectory(atPath: url.path)) ?? [] {
    let child = url.appendingPathComponent(name)
    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: child.path, isDirectory: &isDirectory), isDirectory.boolValue {
      makeWritable(child)
    } else {
      try? manager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: child.path)
    }
  }
}
