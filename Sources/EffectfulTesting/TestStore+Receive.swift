import Effectful
import Foundation

extension TestStore where Action: Equatable {
  /// Receives the next action an effect sent, checks it is `expectedAction`, reduces it, and checks
  /// the state changed exactly as described.
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
  ///   - expectedMutation: Changes the state before the action into the state after it; leave it out
  ///     when the state should not change.
  ///   - file: The test's file, for failures.
  ///   - line: The test's line, for failures.
  ///
  /// If no action has arrived yet and effects are still running, it runs the main run loop until one
  /// arrives or the timeout passes. That needs the main thread, which XCTest test methods have. Under
  /// Swift Testing on Linux the main actor runs on another thread and cannot be waited on
  /// synchronously: there, make the test `async` and use `await store.receive(…)`.
  ///
  /// Failures: nothing arrived; a different action arrived (it is reduced anyway, as in the app); the
  /// state does not match. In non-exhaustive mode, actions before the first match are reduced without
  /// checks.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    _ expectedMutation: ((inout Value) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let arrived = waitSynchronously(timeout: timeout ?? self.timeout) {
      hasCandidate { $0 == expectedAction }
    }
    completeReceive(
      describe(expectedAction), expected: expectedAction, matches: { $0 == expectedAction },
      arrived: arrived, expectedMutation, file: file, line: line)
  }

  /// Receives the next action an effect sent, suspending while effects on real queues deliver it.
  ///
  /// ```swift
  /// @MainActor @Test func nthPrime() async {
  ///   let store = TestStore(initialValue: CounterState(count: 3), reducer: counterReducer(environment: .offline))
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
  /// one.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    _ expectedMutation: ((inout Value) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async {
    let arrived = await waitAsynchronously(timeout: timeout ?? self.timeout) {
      hasCandidate { $0 == expectedAction }
    }
    completeReceive(
      describe(expectedAction), expected: expectedAction, matches: { $0 == expectedAction },
      arrived: arrived, expectedMutation, file: file, line: line)
  }
}

extension TestStore {
  /// Receives the next action an effect sent, checking it with a predicate: for actions that are not
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
    let arrived = waitSynchronously(timeout: timeout ?? self.timeout) { hasCandidate(isMatching) }
    completeReceive(
      "an action matching the predicate", expected: nil, matches: isMatching, arrived: arrived,
      expectedMutation, file: file, line: line)
  }

  /// Receives the next action an effect sent, checking it with a predicate, suspending while effects on
  /// real queues deliver it.
  ///
  /// ```swift
  /// await store.receive({ if case .loadResponse(.failure) = $0 { true } else { false } }) {
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
    let arrived = await waitAsynchronously(timeout: timeout ?? self.timeout) { hasCandidate(isMatching) }
    completeReceive(
      "an action matching the predicate", expected: nil, matches: isMatching, arrived: arrived,
      expectedMutation, file: file, line: line)
  }

  /// Whether `receive` has something to look at: any action in exhaustive mode (a wrong one is a
  /// failure worth reporting at once), a matching one in non-exhaustive mode.
  private func hasCandidate(_ matches: (Action) -> Bool) -> Bool {
    exhaustivity == .on ? !received.isEmpty : received.contains { matches($0.action) }
  }

  /// The checks of `receive`, once waiting is over.
  private func completeReceive(
    _ expectedDescription: String,
    expected: Action?,
    matches: (Action) -> Bool,
    arrived: Bool,
    _ expectedMutation: ((inout Value) throws -> Void)?,
    file: StaticString,
    line: UInt
  ) {
    checkOwnership(file: file, line: line)
    guard arrived else {
      let running = runningEffects.map(\.origin.description)
      fail(
        TestStoreMessage.nothingReceived(
          expectedDescription,
          pending: received.map(\.summary),
          running: running,
          couldNotWait: !running.isEmpty && !Thread.isMainThread),
        file, line)
      return
    }
    let location = EffectOrigin(description: "receive", file: file, line: line)
    if exhaustivity == .off {
      // Skip to the first match, reducing what comes before it as the app would have.
      while let next = received.first, !matches(next.action) {
        received.removeFirst()
        reduce(
          next.action, origin: receiveOrigin(next.action, location), expectedMutation: nil, asserting: false)
      }
    }
    let next = received.removeFirst()
    let origin = receiveOrigin(next.action, location)
    guard matches(next.action) else {
      let difference = expected.flatMap { diff($0, next.action) }
      fail(
        TestStoreMessage.unexpectedAction(expectedDescription, received: next.summary, difference), file, line
      )
      // It was sent all the same: reduce it, so the rest of the test sees the state the app would.
      reduce(next.action, origin: origin, expectedMutation: nil, asserting: false)
      return
    }
    reduce(next.action, origin: origin, expectedMutation: expectedMutation)
  }

  private func receiveOrigin(_ action: Action, _ location: EffectOrigin) -> EffectOrigin {
    EffectOrigin(description: "receive(\(describe(action)))", file: location.file, line: location.line)
  }
}
