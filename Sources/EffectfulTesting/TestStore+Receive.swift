import Effectful
import Foundation

extension TestStore where Action: Equatable {
  /// Checks the next step an effect caused: the action it sent is `expectedAction`, and reducing it
  /// (when it arrived, as the app did) changed the state exactly as described.
  ///
  /// ```swift
  /// store.send(.factButtonTapped) { $0.isLoading = true }
  /// store.receive(.factResponse("2 is prime")) {
  ///   $0.isLoading = false
  ///   $0.fact = "2 is prime"
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - expectedAction: The action the test expects next.
  ///   - timeout: How long to wait for effects that deliver on `DispatchQueue.main` or the main actor;
  ///     ``timeout`` by default. Effects on a ``TestScheduler`` never need waiting for.
  ///   - expectedMutation: Changes the state just before the action arrived into the state just after
  ///     it; leave it out when the state should not change. Later steps do not enter into it.
  ///   - file: The test's file, for failures.
  ///   - line: The test's line, for failures.
  ///
  /// If no action has arrived yet and effects are still running, it runs the main run loop until one
  /// arrives or the timeout passes. That needs the main thread, which XCTest test methods have. Under
  /// Swift Testing on Linux the main actor runs on another thread and cannot be waited on
  /// synchronously: there, make the test `async` and use `await store.receive(…)`.
  ///
  /// Failures: nothing arrived; a different action arrived (it was reduced all the same, as in the
  /// app); the state does not match. In non-exhaustive mode, steps before the first match are passed
  /// over without checks.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    _ expectedMutation: ((inout Value) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let arrived = waitSynchronously(timeout: timeout ?? self.timeout, file: file, line: line) {
      hasCandidate { $0 == expectedAction }
    }
    completeReceive(
      describe(expectedAction), expected: expectedAction, matches: { $0 == expectedAction },
      arrived: arrived, waited: .synchronously, expectedMutation, file: file, line: line)
  }

  /// Checks the next step an effect caused, suspending while effects on real queues deliver it.
  ///
  /// ```swift
  /// @MainActor @Test func nthPrime() async {
  ///   let store = TestStore(
  ///     initialValue: CounterState(count: 3),
  ///     reducer: counterReducer(environment: .offline))
  ///   store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
  ///   await store.receive(.nthPrimeResponse(5)) {
  ///     $0.isNthPrimeButtonDisabled = false
  ///     $0.alertNthPrime = PrimeAlert(n: 3, prime: 5)
  ///   }
  /// }
  /// ```
  ///
  /// The same as the synchronous ``receive(_:timeout:_:file:line:)`` except for waiting: it suspends
  /// in short slices instead of running the run loop, which frees the main actor for `.task` effects
  /// and `DispatchQueue.main` work wherever the main actor runs. In an `async` test, Swift picks this
  /// one. It is the way to test an effect that does real async work and then hops back with
  /// `.receive(on:)`: give it `DispatchQueue.main` in the test (see "Effects that do real async work"
  /// in ``TestStore``), and the wait ends the moment the action is reduced.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    _ expectedMutation: ((inout Value) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async {
    await receiveAsynchronously(
      describe(expectedAction), expected: expectedAction, matches: { $0 == expectedAction }, timeout: timeout,
      expectedMutation, file: file, line: line)
  }
}

extension TestStore {
  /// Checks the next step an effect caused, matching its action with a predicate: for actions that are not
  /// `Equatable` (say, carrying an `Error`).
  ///
  /// ```swift
  /// store.receive({
  ///   guard case .loadResponse(.failure) = $0 else { return false }
  ///   return true
  /// }) {
  ///   $0.errorMessage = "The file could not be read."
  /// }
  /// ```
  ///
  /// Otherwise the same as ``receive(_:timeout:_:file:line:)``.
  public func receive(
    _ isMatching: (Action) -> Bool,
    timeout: Duration? = nil,
    _ expectedMutation: ((inout Value) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let arrived = waitSynchronously(timeout: timeout ?? self.timeout, file: file, line: line) {
      hasCandidate(isMatching)
    }
    completeReceive(
      "an action matching the predicate", expected: nil, matches: isMatching, arrived: arrived,
      waited: .synchronously, expectedMutation, file: file, line: line)
  }

  /// Checks the next step an effect caused, matching its action with a predicate, suspending while
  /// effects on real queues deliver it.
  ///
  /// ```swift
  /// await store.receive({
  ///   if case .loadResponse(.failure) = $0 { true } else { false }
  /// }) {
  ///   $0.errorMessage = "The file could not be read."
  /// }
  /// ```
  public func receive(
    _ isMatching: (Action) -> Bool,
    timeout: Duration? = nil,
    _ expectedMutation: ((inout Value) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async {
    let arrived = await waitAsynchronously(timeout: timeout ?? self.timeout, file: file, line: line) {
      hasCandidate(isMatching)
    }
    completeReceive(
      "an action matching the predicate", expected: nil, matches: isMatching, arrived: arrived,
      waited: .asynchronously, expectedMutation, file: file, line: line)
  }

  /// Whether `receive` has something to look at: any step in exhaustive mode (a wrong one is a
  /// failure worth reporting at once), a matching one in non-exhaustive mode.
  func hasCandidate(_ matches: (Action) -> Bool) -> Bool {
    exhaustivity.isExhaustive ? !recorder.transitions.isEmpty : recorder.transitions.elements.contains { matches($0.action) }
  }

  /// An `async` receive: waits, suspending, for a step `matches` accepts, then checks it.
  func receiveAsynchronously(
    _ expectedDescription: String,
    expected: Action?,
    matches: (Action) -> Bool,
    timeout: Duration?,
    _ expectedMutation: ((inout Value) throws -> Void)?,
    file: StaticString,
    line: UInt
  ) async {
    let arrived = await waitAsynchronously(timeout: timeout ?? self.timeout, file: file, line: line) {
      hasCandidate(matches)
    }
    completeReceive(
      expectedDescription, expected: expected, matches: matches, arrived: arrived, waited: .asynchronously,
      expectedMutation, file: file, line: line)
  }

  /// The checks of `receive`, once waiting is over.
  func completeReceive(
    _ expectedDescription: String,
    expected: Action?,
    matches: (Action) -> Bool,
    arrived: Bool,
    waited: WaitKind,
    _ expectedMutation: ((inout Value) throws -> Void)?,
    file: StaticString,
    line: UInt
  ) {
    checkOwnership(file: file, line: line)
    guard arrived else {
      let running = runningEffects.map(\.origin.description)
      let hint: TestStoreMessage.WaitHint? =
        running.isEmpty
        ? nil
        : waited == .asynchronously ? .asyncWork : Thread.isMainThread ? nil : .synchronousOffMainThread
      fail(
        TestStoreMessage.nothingReceived(
          expectedDescription, pending: recorder.transitions.elements.map(\.summary), running: running, hint: hint,
          advice: waitingAdvice),
        file, line)
      return
    }
    if !exhaustivity.isExhaustive {
      // Pass over the steps before the first match: the app lived them, the test does not mind them.
      while let next = recorder.transitions.first, !matches(next.action) {
        _ = recorder.transitions.popFirst()
        failIfExhaustive(TestStoreMessage.skippedBeforeReceive(next.summary), file, line)
      }
    }
    guard let next = recorder.transitions.popFirst() else { return }
    let step = EffectOrigin(description: "receive(\(describe(next.action)))", file: file, line: line)
    // What it started is told from here on: the story names it after this `receive`.
    next.step.origin = step
    guard matches(next.action) else {
      let difference = expected.flatMap { diff($0, next.action) }
      fail(
        TestStoreMessage.unexpectedAction(expectedDescription, received: next.summary, difference), file, line
      )
      return
    }
    assertTransition(before: next.before, after: next.after, expectedMutation, step: step)
  }
}

/// How a `receive` waited for an action: the advice when none came depends on it.
enum WaitKind {
  /// By running the main run loop: the synchronous overloads.
  case synchronously
  /// By suspending: the `async` overloads.
  case asynchronously
}
