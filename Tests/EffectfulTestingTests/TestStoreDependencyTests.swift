import Effectful
import EffectfulTesting
import Foundation
import Testing

/// The seeds' counter, reading its clock as a dependency: what a feature struct looks like until
/// the protocol form arrives.
struct DependencyTimerFeature {
  @Dependency(\.continuousClock) var clock

  struct State: Equatable, Sendable {
    var count = 0
    var isTimerRunning = false
  }

  enum Action: Equatable, Sendable {
    case toggleTimerButtonTapped
    case timerTick
  }

  enum CancelID: Hashable, Sendable { case timer }

  var reducer: Reducer<State, Action> {
    { state, action in
      switch action {
      case .toggleTimerButtonTapped:
        state.isTimerRunning.toggle()
        guard state.isTimerRunning else { return .cancel(id: CancelID.timer) }
        return .run { send in
          for await _ in self.clock.timer(interval: .seconds(1)) {
            await send(.timerTick)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      case .timerTick:
        state.count += 1
        return .none
      }
    }
  }
}

/// A client whose key declares no test value: a test must set it.
struct TestNumberFactClient: Sendable {
  var fetch: @Sendable (Int) -> String
}

enum TestNumberFactKey: DependencyKey {
  static let liveValue = TestNumberFactClient(fetch: { "\($0) is live." })
}

extension DependencyValues {
  var testNumberFact: TestNumberFactClient {
    get { self[TestNumberFactKey.self] }
    set { self[TestNumberFactKey.self] = newValue }
  }
}

@MainActor
@Suite struct TestStoreDependencyTests {
  enum Action: Equatable, Sendable {
    case read
    case readInEffect
    case answered(String)
  }

  @Test func theSeedsTimerTicksTenTimesInTenSecondsOnATestClockSetAsADependency() async {
    for _ in 1...5 {
      let clock = TestClock()
      let store = TestStore(
        initialValue: DependencyTimerFeature.State(),
        reducer: DependencyTimerFeature().reducer,
        withDependencies: { $0.continuousClock = clock })
      store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
      await clock.advance(by: .seconds(10))
      for count in 1...10 {
        await store.receive(.timerTick) { $0.count = count }
      }
      store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = false }
      await store.finish()
    }
  }

  @Test func anUnsetClockFailsTheTestNamingItAndStopsTheEffect() async {
    let log = FailureLog()
    let store = TestStore(
      initialValue: DependencyTimerFeature.State(),
      reducer: DependencyTimerFeature().reducer,
      failureReporter: log.reporter)
    store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
    await store.finish()
    let failures = log.failures
    #expect(failures.count == 1, "\(failures)")
    #expect(failures.first?.message.contains("continuousClock") == true, "\(failures)")
    #expect(failures.first?.message.contains("$0.continuousClock = TestClock()") == true, "\(failures)")
  }

  func factStore(log: FailureLog) -> TestStore<[String], Action> {
    @Dependency(\.testNumberFact) var numberFact
    return TestStore(
      initialValue: [],
      reducer: { (facts: inout [String], action: Action) in
        switch action {
        case .read:
          facts.append(numberFact.fetch(1))
          return .none
        case .readInEffect:
          return .run { send in await send(.answered(numberFact.fetch(2))) }
        case .answered(let fact):
          facts.append(fact)
          return .none
        }
      },
      failureReporter: log.reporter)
  }

  @Test func aKeyWithNoTestValueFailsTheTestNamingTheKeyAndTheFix() {
    let log = FailureLog()
    let store = factStore(log: log)
    let line: UInt = #line + 1
    store.send(.read) { $0 = ["1 is live."] }
    let failures = log.failures
    #expect(failures.count == 1, "\(failures)")
    guard let failure = failures.first else { return }
    #expect(failure.line == line)
    #expect(failure.message.contains("TestNumberFactKey has no test value"), "\(failure)")
    #expect(failure.message.contains("withDependencies: { $0.testNumberFact = … }"), "\(failure)")
  }

  @Test func aKeyWithNoTestValueReadInAnEffectFailsTheTest() async {
    let log = FailureLog()
    let store = factStore(log: log)
    store.send(.readInEffect)
    await store.receive(.answered("2 is live.")) { $0 = ["2 is live."] }
    let failures = log.failures
    #expect(failures.count == 1, "\(failures)")
    #expect(failures.first?.message.contains("TestNumberFactKey has no test value") == true, "\(failures)")
  }

  @Test func aKeySetByTheTestIsUsedAndChangedMidTest() async {
    let log = FailureLog()
    let store = factStore(log: log)
    store.dependencies.testNumberFact = TestNumberFactClient(fetch: { "\($0) is set." })
    store.send(.read) { $0 = ["1 is set."] }
    store.dependencies.testNumberFact = TestNumberFactClient(fetch: { "\($0) is changed." })
    store.send(.readInEffect)
    await store.receive(.answered("2 is changed.")) { $0.append("2 is changed.") }
    #expect(log.failures.isEmpty, "\(log.failures)")
  }

  @Test func uuidCountsFromZeroPerTestStore() {
    @Dependency(\.uuid) var uuid
    func makeStore() -> TestStore<[UUID], Action> {
      TestStore(
        initialValue: [],
        reducer: { (ids: inout [UUID], _: Action) in
          ids.append(uuid())
          return .none
        })
    }
    let first = makeStore()
    let second = makeStore()
    let zero = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
    let one = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    first.send(.read) { $0 = [zero] }
    first.send(.read) { $0 = [zero, one] }
    second.send(.read) { $0 = [zero] }
  }

  @Test func theDateFailsUnlessSet() {
    @Dependency(\.date) var date
    let log = FailureLog()
    let reducer: Reducer<[Date], Action> = { dates, _ in
      dates.append(date.now)
      return .none
    }
    let unset = TestStore(initialValue: [], reducer: reducer, failureReporter: log.reporter)
    unset.send(.read) { $0 = [Date(timeIntervalSince1970: 0)] }
    #expect(log.failures.count == 1, "\(log.failures)")
    #expect(log.failures.first?.message.contains("$0.date = ") == true, "\(log.failures)")

    let set = TestStore(
      initialValue: [], reducer: reducer,
      withDependencies: { $0.date = .constant(Date(timeIntervalSince1970: 42)) })
    set.send(.read) { $0 = [Date(timeIntervalSince1970: 42)] }
  }

  @Test func anUnsetMainQueueFailsAndDropsTheWork() {
    @Dependency(\.mainQueue) var mainQueue
    let log = FailureLog()
    let store = TestStore(
      initialValue: [String](),
      reducer: { (_: inout [String], _: Action) in
        mainQueue.schedule { Issue.record("the dropped work ran") }
        return .none
      },
      failureReporter: log.reporter)
    store.send(.read)
    #expect(log.failures.count == 1, "\(log.failures)")
    #expect(log.failures.first?.message.contains("mainQueue") == true, "\(log.failures)")
  }

  @Test func aTestStoreMadeInsideWithDependenciesKeepsThem() {
    @Dependency(\.testNumberFact) var numberFact
    let store = withDependencies {
      $0.testNumberFact = TestNumberFactClient(fetch: { "\($0) from outside." })
    } operation: {
      TestStore(
        initialValue: "",
        reducer: { (fact: inout String, _: Action) in
          fact = numberFact.fetch(3)
          return .none
        })
    }
    store.send(.read) { $0 = "3 from outside." }
  }
}
