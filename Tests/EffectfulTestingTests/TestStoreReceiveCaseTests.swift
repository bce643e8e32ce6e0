import Effectful
import EffectfulTesting
import Foundation
import Testing

/// `receive` by case: any payload of the case passes; a different case fails, naming both.
@MainActor
@Suite struct TestStoreReceiveCaseTests {
  struct Failure: Error {}

  /// Not `Equatable`: receiving by case needs no `==`.
  enum Action: Sendable {
    case start
    case factResponse(String)
    case labeled(fact: String)
    case alert(n: Int, prime: Int)
    case moved(Int, Int, String)
    case child(Child)
    case failed(any Error)
    case timerTick
    case optional(Int?)
    case count(n: Int)
    case count(total: Int)
    case row(id: Int, action: Child)
  }

  enum Child: Sendable {
    case response(String)
    case other(String)
    case answer(Int)
  }

  let log = FailureLog()

  /// A store whose `.start` sends `sent` from a `.run`; every action but `.start` counts one.
  func makeStore(sending sent: @escaping @Sendable () -> Action) -> TestStore<Int, Action> {
    TestStore(
      initialValue: 0,
      reducer: { count, action in
        if case .start = action { return .run { send in await send(sent()) } }
        count += 1
        return .none
      },
      failureReporter: log.reporter)
  }

  @Test func aRandomPayloadOfTheCasePasses() async {
    let fact = UUID().uuidString
    let store = makeStore { .factResponse(fact) }
    store.send(.start)
    await store.receive(Action.factResponse, timeout: .seconds(60)) { $0 = 1 }
    await store.finish()
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test(arguments: [
    (Action.labeled(fact: "7"), "labeled"), (.alert(n: 3, prime: 5), "alert"), (.moved(1, 2, "up"), "moved"),
    (.child(.response("r")), "child"), (.failed(Failure()), "failed"), (.optional(nil), "optional"),
    (.count(total: 3), "count(total:)"),
  ])
  func labelsTuplesNestedEnumsExistentialsAndOptionals(sent: Action, name: String) async {
    let store = makeStore { sent }
    store.send(.start)
    switch name {
    case "labeled": await store.receive(Action.labeled, timeout: .seconds(60)) { $0 = 1 }
    case "alert": await store.receive(Action.alert, timeout: .seconds(60)) { $0 = 1 }
    case "moved": await store.receive(Action.moved, timeout: .seconds(60)) { $0 = 1 }
    case "child": await store.receive({ Action.child(.response($0)) }, timeout: .seconds(60)) { $0 = 1 }
    case "failed": await store.receive(Action.failed, timeout: .seconds(60)) { $0 = 1 }
    case "optional": await store.receive(Action.optional, timeout: .seconds(60)) { $0 = 1 }
    default: await store.receive(Action.count(total:), timeout: .seconds(60)) { $0 = 1 }
    }
    await store.finish()
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test func aDifferentCaseFailsNamingTheExpectedCaseAndWhatArrived() async {
    let store = makeStore { .timerTick }
    store.send(.start)
    let line: UInt = #line + 1
    await store.receive(Action.factResponse, timeout: .seconds(60)) { $0 = 1 }
    await store.finish()
    let failures = log.failures
    #expect(failures.count == 1, "\(failures)")
    #expect(failures.first?.line == line)
    #expect(
      failures.first?.message.hasPrefix(
        "Expected to receive an action of the case Action.factResponse (any String), but received .timerTick")
        == true, "\(failures)")
  }

  @Test(arguments: [
    Action.factResponse("x"), .child(.other("x")), .labeled(fact: "x"), .count(n: 3), .alert(n: 1, prime: 2),
  ])
  func aCaseWithTheSamePayloadTypeOrNameIsNotTaken(sent: Action) async {
    let store = makeStore { sent }
    store.send(.start)
    switch sent {
    case .factResponse: await store.receive({ Action.child(.response($0)) }, timeout: .seconds(60)) { $0 = 1 }
    case .child: await store.receive(Action.factResponse, timeout: .seconds(60)) { $0 = 1 }
    case .labeled: await store.receive(Action.factResponse, timeout: .seconds(60)) { $0 = 1 }
    case .count: await store.receive(Action.count(total:), timeout: .seconds(60)) { $0 = 1 }
    default: await store.receive(Action.moved, timeout: .seconds(60)) { $0 = 1 }
    }
    await store.finish()
    #expect(log.failures.count == 1, "\(log.failures)")
    #expect(log.failures.first?.message.contains("but received") == true, "\(log.failures)")
  }

  @Test func aNestedCaseWithSeveralValuesMatchesByItsInnerPayload() async {
    let answer = Int.random(in: 0..<1000)
    let store = makeStore { .row(id: 1, action: .answer(answer)) }
    store.send(.start)
    await store.receive({ .row(id: 1, action: .answer($0)) }, timeout: .seconds(60)) { $0 = 1 }
    await store.finish()
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test func aNestedCaseWithAnotherFixedValueFailsShowingTheShapeExpected() async {
    let store = makeStore { .row(id: 2, action: .answer(42)) }
    store.send(.start)
    await store.receive({ .row(id: 1, action: .answer($0)) }, timeout: .seconds(60)) { $0 = 1 }
    await store.finish()
    #expect(log.failures.count == 1, "\(log.failures)")
    #expect(
      log.failures.first?.message.hasPrefix(
        "Expected to receive an action of the case .row(id: 1, action: .answer(_)), but received "
          + ".row(id: 2, action: .answer(42))") == true, "\(log.failures)")
  }

  @Test func aClosureSpelledOverSeveralLinesWithANamedParameterIsShownAsOneShape() async {
    let store = makeStore { .child(.other("x")) }
    store.send(.start)
    await store.receive(
      { response in
        Action.child(.response(response))
      }, timeout: .seconds(60))
    await store.finish()
    #expect(
      log.failures.first?.message.hasPrefix(
        "Expected to receive an action of the case Action.child(.response(_)), but received "
          + ".child(.other(\"x\"))") == true, "\(log.failures)")
  }

  @Test func aNamedParameterIsShownAsItsValueNotWhereItIsALabel() async {
    let store = makeStore { .row(id: 3, action: .answer(8)) }
    store.send(.start)
    await store.receive({ id in .row(id: id, action: .answer(7)) }, timeout: .seconds(60))
    await store.finish()
    #expect(
      log.failures.first?.message.hasPrefix(
        "Expected to receive an action of the case .row(id: _, action: .answer(7)), but received") == true,
      "\(log.failures)")
  }

  @Test func theStateChangeIsCheckedAsReceiveChecksIt() async {
    let store = makeStore { .factResponse("x") }
    store.send(.start)
    await store.receive(Action.factResponse, timeout: .seconds(60)) { $0 = 2 }
    await store.finish()
    #expect(log.failures.count == 1, "\(log.failures)")
    #expect(log.failures.first?.message.contains("expected 2, actual 1") == true, "\(log.failures)")
  }

  @Test func nothingArrivingNamesTheCaseToo() async {
    let store = TestStore(
      initialValue: 0, reducer: { (_: inout Int, _: Action) in .none }, failureReporter: log.reporter)
    await store.receive(Action.factResponse, timeout: .milliseconds(1))
    #expect(
      log.failures.first?.message.hasPrefix(
        "Expected to receive an action of the case Action.factResponse (any String), but no effect sent it.")
        == true, "\(log.failures)")
  }

  @Test func theSynchronousFormMatchesAnActionAlreadyReduced() {
    let store = TestStore(
      initialValue: 0,
      reducer: { (count: inout Int, action: Action) in
        if case .start = action { return .send(.factResponse(UUID().uuidString)) }
        count += 1
        return .none
      },
      failureReporter: log.reporter)
    store.send(.start)
    store.receive(Action.factResponse) { $0 = 1 }
    #expect(log.isEmpty, "\(log.failures)")
  }
}
