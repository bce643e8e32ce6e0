import Effectful
import EffectfulTesting
import Testing

/// `.run` effects under a test store: tracked like every other effect, their unhandled errors failing
/// the test at the line that started them.
@MainActor
@Suite struct TestStoreRunEffectTests {
  struct Unreachable: Error {}

  enum Action: Equatable, Sendable {
    case load, loaded(String), startTimer, tick
  }

  enum TimerID: Hashable, Sendable { case timer }

  let log = FailureLog()
  let clock = TestClock()

  func makeStore(fact: @escaping @Sendable () async throws -> String) -> TestStore<[String], Action> {
    let clock = self.clock
    return TestStore(
      initialValue: [],
      reducer: { (log: inout [String], action: Action) in
        switch action {
        case .load:
          return [.run { send in await send(.loaded(try await fact())) }]
        case .loaded(let text):
          log.append(text)
          return []
        case .startTimer:
          return [
            .run { send in
              for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
            }.cancellable(id: TimerID.timer)
          ]
        case .tick:
          log.append("tick")
          return []
        }
      },
      failureReporter: log.reporter)
  }

  @Test func anUnhandledErrorFailsTheTestAtTheSendThatStartedTheEffect() async {
    let store = makeStore { throw Unreachable() }
    let line: UInt = #line + 1
    store.send(.load)
    await store.finish()
    let failures = log.failures
    #expect(failures.count == 1, "\(failures)")
    guard let failure = failures.first else { return }
    #expect(failure.line == line)
    #expect(failure.file.hasSuffix("/TestStoreRunEffectTests.swift"))
    #expect(failure.message.contains("An effect started by send(.load) failed."), "\(failure)")
    #expect(failure.message.contains("threw an error that nothing handled: Unreachable"), "\(failure)")
  }

  /// A `Send` kept past its operation delivers nothing, and says so: the test fails at the line that
  /// started the effect, naming the mistake. (Issue 30, item 6.)
  @Test func aSendAfterTheOperationReturnedFailsTheTest() async {
    let escaped = LockedValue<Send<Int>?>(nil)
    let store = TestStore(
      initialValue: 0,
      reducer: { (state: inout Int, action: Int) in
        guard action == 0 else {
          state = action
          return .none
        }
        return .run { send in escaped.withValue { $0 = send } }
      },
      failureReporter: log.reporter)
    let line: UInt = #line + 1
    store.send(0)
    await clock.advance()
    await escaped.withValue { $0 }?(5)
    await store.finish()
    #expect(store.value == 0)
    let failures = log.failures
    #expect(failures.count == 1, "\(failures)")
    #expect(failures.first?.line == line)
    #expect(failures.first?.message.contains("after its operation had returned") == true, "\(failures)")
  }

  @Test func anUnhandledErrorInALaterPartOfAConcatenationFailsTheTest() async {
    let store = TestStore(
      initialValue: 0,
      reducer: { (_: inout Int, _: Action) in
        [.concatenate(.run { _ in }, .run { _ in throw Unreachable() })]
      },
      failureReporter: log.reporter)
    let line: UInt = #line + 1
    store.send(.load)
    await store.finish()
    let failures = log.failures
    #expect(failures.count == 1, "\(failures)")
    guard let failure = failures.first else { return }
    #expect(failure.line == line)
    #expect(failure.message.contains("An effect started by send(.load) failed."), "\(failure)")
    #expect(failure.message.contains("threw an error that nothing handled: Unreachable"), "\(failure)")
  }

  @Test func aRunThatSucceedsIsReceivedAsUsual() async {
    let store = makeStore { "a fact" }
    store.send(.load)
    await store.receive(.loaded("a fact"), timeout: .seconds(60)) { $0 = ["a fact"] }
    await store.finish()
    #expect(log.failures.isEmpty, "\(log.failures)")
  }

  @Test func aRunTimerLeftOnFailsTheTestNamingTheSendThatStartedIt() async {
    let store = makeStore { "" }
    let line: UInt = #line + 1
    store.send(.startTimer)
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0 = ["tick"] }
    await store.receive(.tick) { $0 = ["tick", "tick"] }
    await store.finish(timeout: .milliseconds(100))
    let failures = log.failures
    #expect(failures.count == 1, "\(failures)")
    guard let failure = failures.first else { return }
    #expect(failure.line == line)
    #expect(
      failure.message.contains(
        "An effect started by send(.startTimer) is still running at the end of the test."),
      "\(failure)")
  }
}
