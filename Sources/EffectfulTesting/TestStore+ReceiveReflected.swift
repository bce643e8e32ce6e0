import Effectful

extension TestStore {
  /// Checks the next step an effect caused, for an action that is not `Equatable`: the action that
  /// arrived must be the same value as `expectedAction` (the same case, labels and payload).
  ///
  /// ```swift
  /// // enum Action { case timerTick, … }   (not Equatable)
  /// await clock.advance(by: .seconds(1))
  /// await store.receive(.timerTick) { $0.count = 1 }
  /// ```
  ///
  /// The seeds' `receive(\.timerTick)` is a key path to a case, which needs macros: pass the action.
  /// For a case with a payload that the test does not fix, pass the case:
  /// ``receive(_:timeout:_:file:line:)-9q6l2``. Values are compared structurally: a payload whose
  /// type is `Equatable` by its own `==` (the bytes of `Data`, a `Date` exactly), enum cases by
  /// their case number, anything else through `Mirror`, field by field. Where `Action` is
  /// `Equatable`, `==` decides, and Swift picks that overload.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    _ expectedMutation: ((inout Value) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async {
    await receiveAsynchronously(
      describe(expectedAction), expected: expectedAction, matches: { structurallyEqual($0, expectedAction) },
      timeout: timeout, expectedMutation, file: file, line: line)
  }
}
