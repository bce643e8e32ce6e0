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
///
/// `.off(showSkippedAssertions: true)` checks the same, and also shows what exhaustive mode would
/// have failed for as known issues of the running test (a Swift Testing known issue; a line on
/// standard error under XCTest), without failing it: a way to see what a test passes over.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, every received action and every effect must be accounted for.
  case on
  /// Only what the test asserts is checked; with `showSkippedAssertions`, what exhaustive mode
  /// would have failed for is shown as known issues.
  ///
  /// ```swift
  /// store.exhaustivity = .off(showSkippedAssertions: true)
  /// ```
  case off(showSkippedAssertions: Bool)

  /// Only what the test asserts is checked, and what it passes over is not shown:
  /// `.off(showSkippedAssertions: false)`.
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// ```
  public static var off: Self { .off(showSkippedAssertions: false) }

  /// Whether every change and effect must be accounted for.
  var isExhaustive: Bool { self == .on }

  /// Whether what is passed over is shown as known issues.
  var showsSkippedAssertions: Bool { self == .off(showSkippedAssertions: true) }
}
