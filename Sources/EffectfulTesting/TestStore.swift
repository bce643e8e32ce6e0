import Effectful
import Foundation
import Testing

/// A store for tests: send actions as a user would, describe exactly how the state changes, and
/// receive every action the effects send back.
///
/// The examples test a counter feature: `CounterState` (`count`, `fact`, `isLoading`), its
/// `CounterAction`s, and `counterReducer(environment:)`, whose `CounterEnvironment` holds the
/// feature's dependencies as closures (`fact`) and a scheduler (`mainQueue`).
///
/// ```swift
/// @MainActor @Test func factButton() {
///   // A stub for the request: it answers at once, on the caller's
///   // thread.
///   let environment = CounterEnvironment(
///     fact: { n in .send("\(n) is prime") },
///     mainQueue: ImmediateScheduler())
///   let store = TestStore(
///     initialValue: CounterState(count: 2),
///     reducer: counterReducer(environment: environment)
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
/// ## The app's timeline
/// Effects run exactly as in `Store`: an action an effect sends is reduced the moment it arrives,
/// its own effects start then, and a cancellation it returns stops what it cancels then. The store
/// records each of those steps (the action, the state before, the state after), and `receive` checks
/// the oldest step the test has not looked at yet. So a test reads like the app's log:
///
/// ```swift
/// store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
/// // both ticks are reduced here, at 1 s and at 2 s
/// scheduler.advance(by: .seconds(2))
/// store.receive(.timerTick) { $0.count = 1 }
/// store.receive(.timerTick) { $0.count = 2 }
/// ```
///
/// ``value`` is the state after everything that has arrived, received or not. An action a
/// synchronous effect sends (`.send(x)`, `.sync { }`) is reduced right after the action that returned
/// it, as the store's queue does; `send` checks only the sent action's own change.
///
/// Use ``TestScheduler`` for time: effects on a test scheduler run when the test advances it, with
/// no waiting. Effects that deliver on `DispatchQueue.main` or the main actor are waited for by
/// ``receive(_:timeout:_:file:line:)-2enck`` (up to a timeout).
///
/// ## Effects that do real async work
/// An effect that does real work off the main thread (`.task { … }`, a callback from another queue)
/// and then hops back with `.receive(on: scheduler)` delivers when that scheduler runs the hop. With a
/// ``TestScheduler`` the hop waits for `advance()`, which the test could only call after guessing that
/// the work is done (a real sleep). Give such an effect the real main queue in the test instead and
/// let an `async` test wait for it; keep the ``TestScheduler`` for the effects that wait on time:
///
/// ```swift
/// @MainActor @Test func fact() async {
///   // Real async work: the answer comes back from another queue.
///   let environment = CounterEnvironment(
///     fact: { n in
///       Effect { callback in
///         DispatchQueue.global().async { callback("\(n) is prime") }
///       }
///     },
///     mainQueue: DispatchQueue.main)
///   let store = TestStore(
///     initialValue: CounterState(count: 2),
///     reducer: counterReducer(environment: environment)
///   )
///   store.send(.factButtonTapped) { $0.isLoading = true }
///   // suspends until it comes
///   await store.receive(.factResponse("2 is prime"), timeout: .seconds(5)) {
///     $0.isLoading = false
///     $0.fact = "2 is prime"
///   }
///   // `receive(on:)` ends its effect just after the output: wait for that
///   await store.finish()
/// }
/// ```
///
/// No sleep and no `advance()`: the wait ends as soon as the action is reduced, and lasts the timeout
/// only when the test is about to fail. When one scheduler must serve both (a timer and a request on
/// `mainQueue`), split it in the environment (`mainQueue` for deliveries, a second scheduler for time)
/// or make the work itself synchronous in the test environment (`.sync { "2 is prime" }`).
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
  /// The store under test: the app's own `Store`, whose send loop reduces every action and runs every
  /// effect. Its actions carry where they came from (the test's `send` or an effect); the test store
  /// only records what it does (through the reducer it hands it, see ``StepRecorder``) and checks
  /// the record.
  let store: Store<Value, RecordedAction<Action>>
  /// The record: the steps the store reduced and the runs they started.
  let recorder: StepRecorder<Value, Action>
  /// Where the store's `.run` effects run, one job at a time: what settling reads.
  let executor: StoreExecutor
  /// The store's registry, reachable from `deinit`, which may run off the main actor.
  let registry: CancellationRegistry

  /// The current state: the initial value with every action reduced into it, those the test sent and
  /// those effects sent, whether or not the test has received them yet.
  ///
  /// ```swift
  /// store.send(.incrementButtonTapped) { $0.count = 1 }
  /// #expect(store.value.count == 1)
  /// ```
  public var value: Value { store.value }

  /// Whether every change and effect must be accounted for (`.on`), or only what the test asserts.
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// store.send(.appLaunched)  // no need to describe every field it sets
  /// ```
  ///
  /// It can change in the middle of a test; the end-of-test checks use the value at the end.
  public var exhaustivity: Exhaustivity

  /// How long ``receive(_:timeout:_:file:line:)-2enck`` and ``finish(timeout:file:line:)-35jrs`` wait
  /// for effects that work outside virtual time (a real queue, a real network call), once virtual
  /// time has settled, unless given their own timeout. One second by default.
  ///
  /// ```swift
  /// store.timeout = .seconds(5)   // a slow CI machine, a real network call
  /// ```
  ///
  /// Effects on a ``TestClock`` or ``TestScheduler`` never need it: they run when the test advances
  /// time. A test only waits this long when it is about to fail. A `finish()` awaited outside the
  /// test's own task waits this long with nothing moving before it fails: the grace it gives the
  /// test to advance the clock.
  public var timeout: Duration = .seconds(1)

  /// Where failures go; by default the running test (XCTest or Swift Testing) fails.
  ///
  /// ```swift
  /// store.failureReporter = { message, file, line in
  ///   print("\(file):\(line): \(message)")
  /// }
  /// ```
  public var failureReporter: FailureReporter {
    didSet { dependencyFailures.setReporter(failureReporter) }
  }
  /// How the store's dependencies reach the test, from any thread.
  let dependencyFailures: DependencyFailureReporting

  /// Whether settling found an effect that never stops making progress and reported it: it is
  /// reported once, and ``skipInFlightEffects(strict:file:line:)-86odd`` or the end of the test
  /// cancels it.
  var hasReportedRunaway = false
  /// The Swift Testing test that made this store, if one did: a store used in another test leaked.
  var owningTest = Test.current.map { OwningTest(id: "\($0.id)", name: $0.name) }
  /// Outputs that arrived off the main thread: collected on the main actor and reported there.
  let strayDeliveries = LockedValue<[UncheckedSendable<Any>]>([])
  /// Errors `.run` effects threw with no `catch` handler: collected on the main actor and reported there.
  let unhandledRunErrors = LockedValue<[UnhandledRunError]>([])

  /// Creates a test store from an initial value and the reducer under test.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let store = TestStore(
  ///   initialValue: CounterState(),
  ///   reducer: counterReducer(
  ///     environment: CounterEnvironment(
  ///       fact: { n in .send("\(n) is prime") }, mainQueue: clock))
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - initialValue: The state the test starts from.
  ///   - reducer: The reducer under test, usually built from a test environment.
  ///   - exhaustivity: `.on` (the default) checks everything; `.off` only what the test asserts.
  ///   - withDependencies: Sets the dependencies the test needs. Every other one is its key's
  ///     `testValue`; a key with none fails the test when read.
  ///   - failureReporter: Where failures go; the running test by default.
  ///
  /// It takes no `file` and `line`: a failure found when the store goes away is reported at the line
  /// of the `send` or `receive` that started the effect concerned, which is where the story needs
  /// fixing, and stays right when a helper function makes the store.
  public convenience init(
    initialValue: Value,
    reducer: @escaping Reducer<Value, Action>,
    exhaustivity: Exhaustivity = .on,
    withDependencies: (inout DependencyValues) -> Void = { _ in },
    failureReporter: @escaping FailureReporter = { reportTestFailure($0, file: $1, line: $2) }
  ) {
    self.init(
      initialValue: initialValue, makeReducer: { reducer }, exhaustivity: exhaustivity,
      withDependencies: withDependencies, failureReporter: failureReporter)
  }

  /// Creates a test store whose reducer `makeReducer` builds with the test's dependencies in
  /// force: a feature's `body` that reads a dependency sees the test's value, not the live one.
  init(
    initialValue: Value,
    makeReducer: () -> Reducer<Value, Action>,
    exhaustivity: Exhaustivity,
    withDependencies: (inout DependencyValues) -> Void,
    failureReporter: @escaping FailureReporter
  ) {
    VirtualWorld.install()
    let executor = VirtualWorld.current().makeExecutor()
    let dependencyFailures = DependencyFailureReporting(failureReporter)
    let dependencies = testDependencies(failures: dependencyFailures, update: withDependencies)
    let reducer = Effectful.withDependencies({ $0 = dependencies }, operation: makeReducer)
    let recorder = StepRecorder(reducer: reducer, dependencyFailures: dependencyFailures)
    self.recorder = recorder
    let registry = CancellationRegistry(taskStarter: executor)
    self.executor = executor
    self.registry = registry
    self.store = Store(
      initialValue: initialValue,
      reducer: recorder.recordingReducer,
      registry: registry)
    self.exhaustivity = exhaustivity
    self.dependencyFailures = dependencyFailures
    self.failureReporter = failureReporter
    store.dependencies = dependencies
    let errors = unhandledRunErrors
    registry.runErrorReporter = { report in
      errors.withValue { $0.append(UnhandledRunError(report: report)) }
    }
    let strays = strayDeliveries
    registry.offMainOutputHandler = { action in strays.withValue { $0.append(action) } }
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
  /// // no closure: the state must not change
  /// store.send(.alertDismissButtonTapped)
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action to reduce.
  ///   - expectedMutation: Changes the state *before* the action into the state the test expects after
  ///     it. Leave it out when the state should not change. It may throw (say, `try #require(…)`): the
  ///     error is reported as a failure.
  ///   - file: The test's file, for failures.
  ///   - line: The test's line, for failures.
  /// - Returns: The effects this send started, and transitively those their actions started, as
  ///   the app's `StoreTask` covers them: wait for them or cancel them.
  ///
  /// The store reduces the action and starts its effects, exactly as in the app; actions they send
  /// synchronously are reduced right after this one and wait for `receive`. The closure describes this
  /// action's own change only. Sending while a step an effect caused is still waiting to be received
  /// is a failure in exhaustive mode: the test skipped a step of the story (the app lived it all the
  /// same, so the state already includes it).
  @discardableResult
  public func send(
    _ action: Action,
    _ expectedMutation: ((inout Value) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) -> TestStoreTask {
    checkOwnership(file: file, line: line)
    collectStrayDeliveries()
    let here = EffectOrigin(description: "send(\(describe(action)))", file: file, line: line)
    if !recorder.transitions.isEmpty {
      failIfExhaustive(
        TestStoreMessage.unreceivedBeforeSend(here.description, recorder.transitions.elements.map(\.summary)),
        file, line)
      recorder.transitions.removeAll()
    }
    // Tagged as the test's: whatever else the store reduces meanwhile (what its effects send at
    // once) is an effect's action, whatever the order.
    let step = RecordedStep(origin: here)
    let task = store.send(RecordedAction(action: action, source: .test(step)))
    reportFeatureMisuses()
    // The effects just started get as far as they can without the main queue: a timer reaches its
    // first sleep on the clock before the test advances it. Bounded: an effect that never waits is
    // left to the next look (`receive`, `advance`, the end), which settles and reports it there.
    executor.world.runQueuedJobs(limit: VirtualWorld.stepLimit)
    // The store reduces a send at once: it is never already reducing when the test calls `send`.
    if let (before, after) = recorder.takeSentStep(step) {
      assertTransition(before: before, after: after, expectedMutation, step: here)
    }
    return TestStoreTask(task, testStore: self, origin: here)
  }

  /// Checks one recorded step against what the test described.
  func assertTransition(
    before: Value, after: Value, _ expectedMutation: ((inout Value) throws -> Void)?, step: EffectOrigin
  ) {
    // Exhaustive: the described change, applied to the state before, must give the state after.
    // Non-exhaustive: applied to the state after, it must change nothing, so it checks what it sets.
    var expected = exhaustivity.isExhaustive ? before : after
    if let expectedMutation {
      do {
        try expectedMutation(&expected)
      } catch {
        fail(TestStoreMessage.mutationThrew(step.description, error), step.file, step.line)
        return
      }
    }
    if !exhaustivity.isExhaustive, exhaustivity.showsSkippedAssertions, expected == after {
      showSkippedChange(before: before, after: after, expectedMutation, step: step)
    }
    if expected != after {
      let difference = diff(expected, after)
      let message =
        expectedMutation == nil
        ? TestStoreMessage.undescribedChange(step.description, difference)
        : TestStoreMessage.stateMismatch(step.description, difference)
      fail(message, step.file, step.line)
    } else if exhaustivity.isExhaustive, expectedMutation != nil, after == before {
      fail(TestStoreMessage.expectedChangeDidNotHappen(step.description), step.file, step.line)
    }
  }

  func fail(_ message: String, _ file: StaticString, _ line: UInt) {
    failureReporter(message, file, line)
  }

  /// A failure in exhaustive mode; in non-exhaustive mode nothing, or a known issue when the store
  /// shows skipped assertions (`.off(showSkippedAssertions: true)`).
  func failIfExhaustive(_ message: @autoclosure () -> String, _ file: StaticString, _ line: UInt) {
    if exhaustivity.isExhaustive {
      fail(message(), file, line)
    } else if exhaustivity.showsSkippedAssertions {
      reportSkippedAssertion(message(), file: file, line: line)
    }
  }

  /// Shows, as a known issue, the part of a step's change that a non-exhaustive check passed over:
  /// what the exhaustive check, from the state before, would have reported.
  private func showSkippedChange(
    before: Value, after: Value, _ expectedMutation: ((inout Value) throws -> Void)?, step: EffectOrigin
  ) {
    var exhaustive = before
    do { try expectedMutation?(&exhaustive) } catch { return }
    guard exhaustive != after else { return }
    let difference = diff(exhaustive, after)
    let message =
      expectedMutation == nil
      ? TestStoreMessage.undescribedChange(step.description, difference)
      : TestStoreMessage.stateMismatch(step.description, difference)
    reportSkippedAssertion(message, file: step.file, line: step.line)
  }
}

/// The call that started an effect or reduced an action: what it was, and where in the test.
struct EffectOrigin: Sendable {
  /// `send(.factButtonTapped)` or `receive(.factResponse("…"))`.
  let description: String
  let file: StaticString
  let line: UInt
}

/// A run a test store's store started, kept to name it if it is still running at the end.
struct StartedEffect {
  let lifetime: EffectLifetime
  /// The step that started it.
  let step: RecordedStep
  /// The call in the test the story names it by: its step's.
  var origin: EffectOrigin { step.origin }
}

/// An error a `.run` effect threw that nothing handled, with the step that started the effect.
struct UnhandledRunError: Sendable {
  let report: RunErrorReport
}

/// An action a `forEach` or `ifLet` found no state for, with the step that reduced it.
struct FeatureMisuse: Sendable {
  let message: String
  let origin: EffectOrigin
}

/// A one-line rendering of an action for messages: `.factResponse("2 is prime")`.
func describe<Action>(_ action: Action) -> String {
  DumpNode(reflecting: action).abbreviated(limit: 200)
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
