/// How strictly a ``TestStore`` checks a test: every change and every effect, or only what the test
/// asserts.
///
/// ```swift
/// let store = TestStore(
///   initialValue: AppState(),
///   reducer: appReducer,
///   exhaustivity: .off)
/// store.send(.loginButtonTapped)
/// // other fields may change too
/// store.receive(.loginResponse(.success(user))) { $0.user = user }
/// ```
///
/// Exhaustive testing (`.on`, the default) proves a feature does nothing the test did not describe.
/// Non-exhaustive testing (`.off`) suits integration tests of a large app state, where a test cares
/// about one outcome:
/// - a mutation closure is applied to the state after its step and must leave it unchanged, so it
///   checks only the fields it sets (write `$0.count = 3`, not `$0.count += 1`);
/// - actions that effects sent are reduced when they arrive, as in the app, whether or not the test
///   receives them; `receive` skips ahead to the first step whose action matches;
/// - effects still running at the end are cancelled without a failure.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, every received action and every effect must be accounted for.
  case on
  /// Only what the test asserts is checked.
  case off
}
