import Effectful

extension TestStore {
  /// Checks the next step an effect caused: its action is of the case `embed` makes, with any
  /// payload, and reducing it changed the state as described.
  ///
  /// ```swift
  /// store.send(.factButtonTapped) { $0.isLoading = true }
  /// await store.receive(CounterFeature.Action.factResponse) {
  ///   $0.isLoading = false
  ///   $0.fact = "0 is a good number."
  /// }
  /// ```
  ///
  /// The tutorial's `receive(\.factResponse)`, without key paths to cases: pass the case itself,
  /// as a function, spelled with its type (`Action.factResponse`, not `.factResponse`). A nested
  /// case is a closure: `receive({ .counter(.factResponse($0)) })`, also one that fixes the other
  /// values of its case: `receive({ .row(id: 1, action: .answer($0)) })` takes row 1's answer,
  /// whatever it is, and no other row's. Cases with several associated values take the overloads for
  /// two and three arguments. For a case without a payload, use `receive(.timerTick)`.
  ///
  /// The action needs not be `Equatable`. The case is recognised by reflection (see the limits
  /// below): the received action's payload is handed to `embed`, and the action it builds must
  /// reflect exactly as the received one. So `embed` must only build the case, and:
  /// - an action type with a custom `Mirror` (`CustomReflectable`) is not recognised;
  /// - a closure that builds its case from part of the payload (`{ .alert(n: $0, prime: 2) }`)
  ///   matches only the actions it rebuilds exactly (here, `prime` 2).
  ///
  /// On a mismatch the failure names the case as the test spelled it (read from the test's line,
  /// when the file is on disk), a closure's payload shown as `_`, beside the action that arrived:
  /// "expected … the case .row(id: 1, action: .answer(_)), but received .row(id: 2, …)". Waiting,
  /// exhaustivity and the state check are those of ``receive(_:timeout:_:file:line:)-8nyjb``.
  ///
  /// - Parameters:
  ///   - embed: The case, as the function that embeds its payload into an action.
  ///   - timeout: How long to wait for effects on real queues; ``timeout`` by default.
  ///   - expectedMutation: Changes the state before the action into the state after it.
  ///   - file: The test's file, for failures.
  ///   - line: The test's line, for failures.
  public func receive<Payload>(
    _ embed: @escaping (Payload) -> Action,
    timeout: Duration? = nil,
    _ expectedMutation: ((inout Value) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async {
    let matcher = CaseMatcher(embed: embed)
    let arrived = await waitAsynchronously(timeout: timeout ?? self.timeout, file: file, line: line) {
      hasCandidate(matcher.matches)
    }
    completeReceive(
      matcher.expectedDescription(file: file, line: line), expected: nil, matches: matcher.matches,
      arrived: arrived, waited: .asynchronously, expectedMutation, file: file, line: line)
  }

  /// Checks the next step an effect caused: its action is of the case `embed` makes, whose two
  /// associated values may be anything.
  ///
  /// ```swift
  /// await store.receive(Action.nthPrimeAlert) { $0.alert = … }
  /// ```
  ///
  /// See ``receive(_:timeout:_:file:line:)-9q6l2``.
  public func receive<First, Second>(
    _ embed: @escaping (First, Second) -> Action,
    timeout: Duration? = nil,
    _ expectedMutation: ((inout Value) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async {
    await receive(
      { (payload: (First, Second)) in embed(payload.0, payload.1) }, timeout: timeout, expectedMutation,
      file: file, line: line)
  }

  /// Checks the next step an effect caused: its action is of the case `embed` makes, whose three
  /// associated values may be anything.
  ///
  /// ```swift
  /// await store.receive(Action.moved) { $0.position = … }
  /// ```
  ///
  /// See ``receive(_:timeout:_:file:line:)-9q6l2``.
  public func receive<First, Second, Third>(
    _ embed: @escaping (First, Second, Third) -> Action,
    timeout: Duration? = nil,
    _ expectedMutation: ((inout Value) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async {
    await receive(
      { (payload: (First, Second, Third)) in embed(payload.0, payload.1, payload.2) }, timeout: timeout,
      expectedMutation, file: file, line: line)
  }

  /// Checks the next step an effect caused, by case, running the main run loop while waiting: the
  /// synchronous form of the `async` receive by case, for XCTest's synchronous tests.
  ///
  /// ```swift
  /// store.receive(CounterFeature.Action.factResponse) { $0.fact = "…" }
  /// ```
  ///
  /// See ``receive(_:timeout:_:file:line:)-9q6l2`` for matching, and the
  /// synchronous ``receive(_:timeout:_:file:line:)-2enck`` for waiting.
  public func receive<Payload>(
    _ embed: @escaping (Payload) -> Action,
    timeout: Duration? = nil,
    _ expectedMutation: ((inout Value) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let matcher = CaseMatcher(embed: embed)
    let arrived = waitSynchronously(timeout: timeout ?? self.timeout, file: file, line: line) {
      hasCandidate(matcher.matches)
    }
    completeReceive(
      matcher.expectedDescription(file: file, line: line), expected: nil, matches: matcher.matches,
      arrived: arrived, waited: .synchronously, expectedMutation, file: file, line: line)
  }
}
