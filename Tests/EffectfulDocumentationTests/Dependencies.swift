import Effectful
import EffectfulTesting
import Foundation
import Testing

// The code of Articles/Dependencies.md (check-docs compares the article's blocks with it).

struct NumberFactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

enum NumberFactKey: DependencyKey {
  static let liveValue = NumberFactClient(
    fetch: { n in
      let url = URL(string: "http://numbersapi.com/\(n)")!
      let (data, _) = try await URLSession.shared.data(from: url)
      return String(decoding: data, as: UTF8.self)
    })
}

extension DependencyValues {
  var numberFact: NumberFactClient {
    get { self[NumberFactKey.self] }
    set { self[NumberFactKey.self] = newValue }
  }
}

struct FactFeature {
  @Dependency(\.numberFact) var numberFact
  @Dependency(\.continuousClock) var clock

  struct State: Equatable {
    var count = 0
    var fact: String?
    var isTimerRunning = false
  }

  enum Action: Equatable, Sendable {
    case factButtonTapped
    case factResponse(String)
    case timerToggled
    case timerTick
  }

  enum CancelID { case timer }

  var reducer: Reducer<State, Action> {
    { state, action in
      switch action {
      case .factButtonTapped:
        return .run { [count = state.count] send in
          let fact = try await numberFact.fetch(count)
          await send(.factResponse(fact))
        }
      case .factResponse(let fact):
        state.fact = fact
        return .none
      case .timerToggled:
        state.isTimerRunning.toggle()
        guard state.isTimerRunning else {
          return .cancel(id: CancelID.timer)
        }
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) {
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
}

struct FactEnvironment: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

func factReducer(
  environment: FactEnvironment
) -> Reducer<FactFeature.State, FactFeature.Action> {
  { state, action in
    switch action {
    case .factButtonTapped:
      return .run { [count = state.count] send in
        await send(.factResponse(try await environment.fetch(count)))
      }
    case .factResponse(let fact):
      state.fact = fact
      return .none
    default:
      return .none
    }
  }
}

@MainActor
func makePreviewStore() -> Store<FactFeature.State, FactFeature.Action> {
  let store = withDependencies {
    $0.numberFact = NumberFactClient(fetch: { "\($0) is a number." })
    $0.continuousClock = ImmediateClock()
  } operation: {
    Store(initialValue: FactFeature.State(), reducer: FactFeature().reducer)
  }
  return store
}

@MainActor
@Suite("Dependencies")
struct DependenciesArticleTests {
  @Test func fact() async {
    let store = TestStore(
      initialValue: FactFeature.State(count: 3),
      reducer: FactFeature().reducer,
      withDependencies: {
        $0.numberFact = NumberFactClient(fetch: { "\($0) is odd." })
      })
    store.send(.factButtonTapped)
    await store.receive(.factResponse("3 is odd.")) {
      $0.fact = "3 is odd."
    }
    // Changed mid-test: the next fact fails, unhandled.
    store.dependencies.numberFact = NumberFactClient(
      fetch: { _ in throw URLError(.notConnectedToInternet) })
    let failures = LockedFailures()
    store.failureReporter = failures.reporter
    store.send(.factButtonTapped)
    await store.finish()
    #expect(failures.messages.count == 1)
  }

  @Test func timer() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: FactFeature.State(),
      reducer: FactFeature().reducer,
      withDependencies: { $0.continuousClock = clock })
    store.send(.timerToggled) { $0.isTimerRunning = true }
    await clock.advance(by: .seconds(2))
    await store.receive(.timerTick) { $0.count = 1 }
    await store.receive(.timerTick) { $0.count = 2 }
    store.send(.timerToggled) { $0.isTimerRunning = false }
  }

  @Test func preview() {
    let store = makePreviewStore()
    store.send(.timerToggled)
    store.send(.timerToggled)
    #expect(store.value.isTimerRunning == false)
  }

  @Test func environmentStyle() async {
    let store = TestStore(
      initialValue: FactFeature.State(count: 3),
      reducer: factReducer(
        environment: FactEnvironment(fetch: { "\($0) is odd." })))
    store.send(.factButtonTapped)
    await store.receive(.factResponse("3 is odd.")) {
      $0.fact = "3 is odd."
    }
  }
}

/// Collects the failures a test store reports, for a test whose story fails on purpose.
final class LockedFailures: @unchecked Sendable {
  private let lock = NSLock()
  // Guarded by `lock`.
  private var stored: [String] = []

  var reporter: FailureReporter {
    { [self] message, _, _ in lock.withLock { stored.append(message) } }
  }

  var messages: [String] { lock.withLock { stored } }
}
