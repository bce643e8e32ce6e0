import Effectful
import Foundation
import Testing

/// A store for tests: send actions as a user would, describe exactly how the state changes, and
/// receive every action the effects send back.
///
/// ```swift
/// @MainActor @Test func factButton() {
///   let store = TestStore(
///     initialValue: CounterState(count: 2),
///     reducer: counterReducer(environment: .test(fact: { n in .send("\(n) is prime") }))
///   )
///   store.send(.factButtonTapped) { $0.isLoading = true }
///   store.receive(.factResponse("2 is prime")) {
///     $0.isLoading = false
///     $0.fact = "2 is prime"
///   }
/// }
/// ```
///
/// It is exhaustive by default: a test fails, at the test's own line, when
/// - the state after `send` or `receive` is not exactly the one the closure describes (the message
///   shows the difference field by field);
/// - an effect sent an action that the test did not `receive` before its next `send` or its end;
/// - `receive` expects an action that no effect sent;
/// - an effect is still running when the test ends (a timer left on, a request never answered).
///
/// Effects run as in `Store`, with the same cancellation, but what they send is *not* reduced until
/// the test receives it, so every step of the story is visible. Use ``TestScheduler`` for time:
/// effects on a test scheduler run when the test advances it, with no waiting. Effects that deliver
/// on `DispatchQueue.main` or the main actor are waited for by ``receive(_:timeout:_:file:line:)-2enck``
/// (up to a timeout).
///
/// ## Threading
/// A test store lives on the main actor, like a store. Write Swift Testing tests as
/// `@MainActor @Test func` (make them `async` and `await store.receive(…)` when effects deliver on
/// `DispatchQueue.main` or the main actor); in XCTest wrap the body of a test method in
/// `MainActor.assumeIsolated { … }` (XCTest runs test methods on the main thread). An effect that
/// delivers an action off the main thread is reported as a failure, where the app's `Store` would stop.
///
/// ## Failures
/// Failures go to XCTest or Swift Testing, whichever runs the test (see
/// ``reportTestFailure(_:file:line:)``); set ``failureReporter`` to collect them instead.
/// When the store goes away (or at ``finish(timeout:file:line:)-35jrs``) it checks for unreceived actions
/// and running effects, then cancels whatever is still running, so no effect outlives its test.
///
/// `Value` should be a value type: the store compares the state before and after each step.
@MainActor
public final class TestStore<Value: Equatable, Action> {
  /// The current state: the initial value with every sent and received action reduced into it.
  ///
  /// ```swift
  /// store.send(.incrementButtonTapped) { $0.count = 1 }
  /// #expect(store.value.count == 1)
  /// ```
  public private(set) var value: Value

  /// Whether every change and effect must be accounted for (`.on`), or only what the test asserts.
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// store.send(.appLaunched)          // no need to describe every field it sets
  /// ```
  ///
  /// It can change in the middle of a test; the end-of-test checks use the value at the end.
  public var exhaustivity: Exhaustivity

  /// How long ``receive(_:timeout:_:file:line:)-2enck`` and ``finish(timeout:file:line:)-35jrs`` wait for effects
  /// that deliver on real queues, unless given their own timeout. One second by default.
  ///
  /// ```swift
  /// store.timeout = .seconds(5)   // a slow CI machine, a real network call
  /// ```
  ///
  /// Effects on a ``TestScheduler`` never need it: they run when the test advances the scheduler.
  /// A test only waits this long when it is about to fail.
  public var timeout: Duration = .seconds(1)

  /// Where failures go; by default the running test (XCTest or Swift Testing) fails.
  ///
  /// ```swift
  /// store.failureReporter = { message, file, line in print("\(file):\(line): \(message)") }
  /// ```
  public var failureReporter: FailureReporter

  let reducer: Reducer<Value, Action>
  /// The same machinery a `Store` uses, so cancellation by id works exactly as in the app.
  let registry = CancellationRegistry()
  /// Actions that effects sent, oldest first, waiting for the test to receive them.
  var received: [ReceivedAction] = []
  /// Effects started and not yet known to have ended or been skipped, oldest first.
  var startedEffects: [StartedEffect] = []
  /// The Swift Testing test that made this store, if one did: a store used in another test leaked.
  var owningTest = Test.current.map { OwningTest(id: "\($0.id)", name: $0.name) }
  /// Outputs that arrived off the main thread: collected on the main actor and reported there.
  let strayDeliveries = LockedValue<[StrayDelivery<Action>]>([])

  /// Creates a test store from an initial value and the reducer under test.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let store = TestStore(
  ///   initialValue: CounterState(),
  ///   reducer: counterReducer(environment: CounterEnvironment(mainQueue: scheduler))
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - initialValue: The state the test starts from.
  ///   - reducer: The reducer under test, usually built from a test environment.
  ///   - exhaustivity: `.on` (the default) checks everything; `.off` only what the test asserts.
  ///   - failureReporter: Where failures go; the running test by default.
  ///
  /// It takes no `file` and `line`: a failure found when the store goes away is reported at the line
  /// of the `send` or `receive` that started the effect concerned, which is where the story needs
  /// fixing, and stays right when a helper function makes the store.
  public init(
    initialValue: Value,
    reducer: @escaping Reducer<Value, Action>,
    exhaustivity: Exhaustivity = .on,
    failureReporter: @escaping FailureReporter = { reportTestFailure($0, file: $1, line: $2) }
  ) {
    self.value = initialValue
    self.reducer = reducer
    self.exhaustivity = exhaustivity
    self.failureReporter = failureReporter
  }

  deinit {
    // The end-of-test checks read main-actor state. A test releases its store on the main actor; if
    // something else held it to the end, all that can be done safely is to stop its effects.
    guard MainActorCheck.isOnMainActor else {
      registry.cancelAll()
      return
    }
    MainActor.assumeIsolated { endTest(at: nil) }
  }

  /// Reduces `action` as a user's gesture and checks that the state changed exactly as described.
  ///
  /// ```swift
  /// store.send(.incrementButtonTapped) { $0.count = 1 }
  /// store.send(.factButtonTapped) { $0.isLoading = true }
  /// store.send(.alertDismissButtonTapped)   // no closure: the state must not change
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action to reduce.
  ///   - expectedMutation: Changes the state *before* the action into the state the test expects after
  ///     it. Leave it out when the state should not change. It may throw (say, `try #require(…)`): the
  ///     error is reported as a failure.
  ///   - file: The test's file, for failures.
  ///   - line: The test's line, for failures.
  ///
  /// The effects the reducer returns start at once, as in a `Store`. Sending while an action that an
  /// effect sent is still waiting to be received is a failure in exhaustive mode: the test skipped a
  /// step of the story. The waiting actions are then reduced first, as the app would have, so the rest
  /// of the test still runs against a realistic state.
  public func send(
    _ action: Action,
    _ expectedMutation: ((inout Value) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    checkOwnership(file: file, line: line)
    collectStrayDeliveries()
    let here = EffectOrigin(description: "send(\(describe(action)))", file: file, line: line)
    if !received.isEmpty {
      if exhaustivity == .on {
        fail(TestStoreMessage.unreceivedBeforeSend(here.description, received.map(\.summary)), file, line)
      }
      reducePendingActions(at: here)
    }
    reduce(action, origin: here, expectedMutation: expectedMutation)
  }

  /// Reduces `action` and starts its effects; checks the state against `expectedMutation` unless it is
  /// a skipped action (nil `expectedMutation` and `asserting == false`).
  func reduce(
    _ action: Action,
    origin: EffectOrigin,
    expectedMutation: ((inout Value) throws -> Void)?,
    asserting: Bool = true
  ) {
    let previous = value
    let effects = reducer(&value, action)
    for effect in effects { start(effect, origin: origin) }
    if asserting { assertState(previous: previous, expectedMutation, origin: origin) }
  }

  /// Checks the state after `origin`'s action against what the test described.
  private func assertState(
    previous: Value, _ expectedMutation: ((inout Value) throws -> Void)?, origin: EffectOrigin
  ) {
    // Exhaustive: the described change, applied to the state before, must give the state after.
    // Non-exhaustive: applied to the state after, it must change nothing, so it checks what it sets.
    var expected = exhaustivity == .on ? previous : value
    if let expectedMutation {
      do {
        try expectedMutation(&expected)
      } catch {
        fail(TestStoreMessage.mutationThrew(origin.description, error), origin.file, origin.line)
        return
      }
    }
    if expected != value {
      let difference = diff(expected, value)
      let message =
        expectedMutation == nil
        ? TestStoreMessage.undescribedChange(origin.description, difference)
        : TestStoreMessage.stateMismatch(origin.description, difference)
      fail(message, origin.file, origin.line)
    } else if exhaustivity == .on, expectedMutation != nil, value == previous {
      fail(TestStoreMessage.expectedChangeDidNotHappen(origin.description), origin.file, origin.line)
    }
  }

  /// Reduces, without checks, every action effects have sent so far, including any that reducing them
  /// sends synchronously: what the app would have done while the test looked away.
  func reducePendingActions(at location: EffectOrigin) {
    while !received.isEmpty {
      let next = received.removeFirst()
      let origin = EffectOrigin(
        description: "receive(\(describe(next.action)))", file: location.file, line: location.line)
      reduce(next.action, origin: origin, expectedMutation: nil, asserting: false)
    }
  }

  func fail(_ message: String, _ file: StaticString, _ line: UInt) {
    failureReporter(message, file, line)
  }
}

/// The call that started an effect or reduced an action: what it was, and where in the test.
struct EffectOrigin: Sendable {
  /// `send(.factButtonTapped)` or `receive(.factResponse("…"))`.
  let description: String
  let file: StaticString
  let line: UInt
}

extension TestStore {
  /// An action an effect sent, and the call that started that effect.
  struct ReceivedAction {
    let action: Action
    let origin: EffectOrigin
  }

  /// A run the store started, kept to name it if it is still running at the end.
  struct StartedEffect {
    let lifetime: EffectLifetime
    let origin: EffectOrigin
  }
}

/// An output delivered off the main thread: unsafe to touch the store from there, so it waits here.
struct StrayDelivery<Action>: Sendable {
  /// Handed over once, from the effect's thread to the main actor; never shared.
  let action: UncheckedSendable<Action>
  let origin: EffectOrigin
}

/// A one-line rendering of an action for messages: `.factResponse("2 is prime")`.
func describe<Action>(_ action: Action) -> String {
  DumpNode(reflecting: action).abbreviated(limit: 200)
}

extension TestStore.ReceivedAction {
  /// `.factResponse("…"), sent by an effect started by send(.factButtonTapped)`.
  var summary: String { "\(describe(action)), sent by an effect started by \(origin.description)" }
}

/// The test a ``TestStore`` belongs to.
struct OwningTest: Equatable {
  var id: String
  var name: String
}

extension TestStore {
  /// Reports, once, a store that outlived the Swift Testing test that made it: kept in a global or a
  /// static, its effects' actions would land in whichever test uses it next.
  func checkOwnership(file: StaticString, line: UInt) {
    guard let owner = owningTest, let current = Test.current else { return }
    guard "\(current.id)" != owner.id else { return }
    fail(TestStoreMessage.leakedAcrossTests(createdIn: owner.name, usedIn: current.name), file, line)
    owningTest = OwningTest(id: "\(current.id)", name: current.name)
  }
}
