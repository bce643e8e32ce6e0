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
///   // A stub for the request: it answers at once, on the caller's thread.
///   let environment = CounterEnvironment(
///     fact: { n in .send("\(n) is prime") }, mainQueue: ImmediateScheduler())
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
  /// The current state: the initial value with every action reduced into it, those the test sent and
  /// those effects sent, whether or not the test has received them yet.
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
  /// store.failureReporter = { message, file, line in
  ///   print("\(file):\(line): \(message)")
  /// }
  /// ```
  public var failureReporter: FailureReporter

  let reducer: Reducer<Value, Action>
  /// The same machinery a `Store` uses, so cancellation by id works exactly as in the app. Replaced by a
  /// fresh one when ``finish(timeout:file:line:)`` cancels what was left, so the store stays usable.
  var registry: CancellationRegistry {
    didSet { reportRunErrors(of: registry) }
  }
  /// Actions that arrived while another was being reduced, oldest first: the store's send queue.
  var arrivals = FIFOQueue<Arrival>()
  /// Whether an action is being reduced now, so that one arriving meanwhile waits its turn.
  var isReducing = false
  /// What effects' actions did to the state, oldest first, waiting for the test to receive them.
  var transitions = FIFOQueue<Transition>()
  /// Numbers the transitions, so effects can be traced to the one that started them.
  var transitionCount = 0
  /// The runs the `send` in progress started, for the ``TestStoreTask`` it returns; nil between sends.
  var startedBySend: [EffectLifetime]?
  /// Effects started and not yet known to have ended or been skipped, oldest first.
  var startedEffects: [StartedEffect] = []
  var startedEffectsPruneThreshold = 16
  /// The Swift Testing test that made this store, if one did: a store used in another test leaked.
  var owningTest = Test.current.map { OwningTest(id: "\($0.id)", name: $0.name) }
  /// Outputs that arrived off the main thread: collected on the main actor and reported there.
  let strayDeliveries = LockedValue<[StrayDelivery<Action>]>([])
  /// Errors `.run` effects threw with no `catch` handler: collected on the main actor and reported there.
  let unhandledRunErrors = LockedValue<[UnhandledRunError]>([])
  /// Actions `forEach` or `ifLet` found no state for, reported by the reducer as it runs.
  let featureMisuses = LockedValue<[FeatureMisuse]>([])

  /// Creates a test store from an initial value and the reducer under test.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let store = TestStore(
  ///   initialValue: CounterState(),
  ///   reducer: counterReducer(
  ///     environment: CounterEnvironment(
  ///       fact: { n in .send("\(n) is prime") }, mainQueue: scheduler))
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
    // Before the registry: its `.run` effects run in virtual time (see the Testing article).
    VirtualTime.install()
    self.registry = CancellationRegistry()
    self.exhaustivity = exhaustivity
    self.failureReporter = failureReporter
    reportRunErrors(of: registry)
  }

  /// Makes `registry`'s `.run` effects report an error nothing handled to this store, however late
  /// they start, which fails the test at the line of the step that started the effect.
  private func reportRunErrors(of registry: CancellationRegistry) {
    let errors = unhandledRunErrors
    registry.runErrorReporter = { report in
      errors.withValue { $0.append(UnhandledRunError(report: report)) }
    }
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
  ///
  /// The effects the reducer returns start at once, as in a `Store`; actions they send synchronously
  /// are reduced right after this one and wait for `receive`. The closure describes this action's own
  /// change only. Sending while a step an effect caused is still waiting to be received is a failure
  /// in exhaustive mode: the test skipped a step of the story (the app lived it all the same, so the
  /// state already includes it).
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
    if !transitions.isEmpty {
      if exhaustivity == .on {
        fail(
          TestStoreMessage.unreceivedBeforeSend(here.description, transitions.elements.map(\.summary)),
          file, line)
      }
      transitions.removeAll()
    }
    let before = value
    startedBySend = []
    let after = reduceInSendLoop { reduceAndStartEffects(of: action, origin: here, transition: nil) }
    let started = startedBySend ?? []
    startedBySend = nil
    assertTransition(before: before, after: after, expectedMutation, step: here)
    return makeTask(started, origin: here)
  }

  /// Reduces an action an effect sent, as the app's store would the moment it arrives: at once, or
  /// after the action being reduced now and those queued before it.
  func deliver(_ action: Action, sentBy sender: EffectOrigin) {
    guard !isReducing else {
      arrivals.append(Arrival(action: action, sender: sender))
      return
    }
    _ = reduceInSendLoop { reduceArrival(action, sentBy: sender) }
  }

  /// The store's send loop: runs `first` (which reduces one action), then reduces every action that
  /// arrived meanwhile, in order, iteratively. Returns the state right after `first`.
  private func reduceInSendLoop(_ first: () -> Void) -> Value {
    isReducing = true
    defer { isReducing = false }
    first()
    let afterFirst = value
    while let next = arrivals.popFirst() {
      reduceArrival(next.action, sentBy: next.sender)
    }
    return afterFirst
  }

  /// Reduces an effect's action and records the step for `receive`.
  private func reduceArrival(_ action: Action, sentBy sender: EffectOrigin) {
    transitionCount += 1
    let before = value
    // Its effects are named after it; `receive` moves them to its own line once the test gets there.
    let step = EffectOrigin(description: "receive(\(describe(action)))", file: sender.file, line: sender.line)
    reduceAndStartEffects(of: action, origin: step, transition: transitionCount)
    transitions.append(
      Transition(action: action, before: before, after: value, sender: sender, number: transitionCount))
  }

  /// Reduces `action` into ``value`` and starts the effects it returns.
  private func reduceAndStartEffects(of action: Action, origin: EffectOrigin, transition: Int?) {
    // A `forEach` or `ifLet` that finds no state for the action reports it while the reducer runs:
    // a failure at the line that sent it, where the app's store prints a message.
    let misuses = featureMisuses
    let effects = FeatureDiagnostics.$reporter.withValue({ message in
      misuses.withValue { $0.append(FeatureMisuse(message: message, origin: origin)) }
    }) {
      reducer(&value, action)
    }
    for effect in effects {
      // As in Store: once the whole action is reduced, removed elements' effects are cancelled.
      if let check = effect.removalCheck {
        check.run(on: value, registry: registry)
      } else {
        start(effect, origin: origin, transition: transition)
      }
    }
    reportFeatureMisuses()
  }

  /// Checks one recorded step against what the test described.
  func assertTransition(
    before: Value, after: Value, _ expectedMutation: ((inout Value) throws -> Void)?, step: EffectOrigin
  ) {
    // Exhaustive: the described change, applied to the state before, must give the state after.
    // Non-exhaustive: applied to the state after, it must change nothing, so it checks what it sets.
    var expected = exhaustivity == .on ? before : after
    if let expectedMutation {
      do {
        try expectedMutation(&expected)
      } catch {
        fail(TestStoreMessage.mutationThrew(step.description, error), step.file, step.line)
        return
      }
    }
    if expected != after {
      let difference = diff(expected, after)
      let message =
        expectedMutation == nil
        ? TestStoreMessage.undescribedChange(step.description, difference)
        : TestStoreMessage.stateMismatch(step.description, difference)
      fail(message, step.file, step.line)
    } else if exhaustivity == .on, expectedMutation != nil, after == before {
      fail(TestStoreMessage.expectedChangeDidNotHappen(step.description), step.file, step.line)
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
  /// An action an effect sent while another was being reduced, waiting its turn.
  struct Arrival {
    let action: Action
    let sender: EffectOrigin
  }

  /// A run the store started, kept to name it if it is still running at the end.
  struct StartedEffect {
    let lifetime: EffectLifetime
    var origin: EffectOrigin
    /// The number of the step that started it, if an effect's action did: see ``Transition/number``.
    let transition: Int?
  }
}

/// An output delivered off the main thread: unsafe to touch the store from there, so it waits here.
struct StrayDelivery<Action>: Sendable {
  /// Handed over once, from the effect's thread to the main actor; never shared.
  let action: UncheckedSendable<Action>
  let origin: EffectOrigin
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
