// The values and actions every contender reduces. They import no library, so the bare loops, the naive
// store and Effectful all work on exactly the same data.

/// A counter, with the actions of the single-store cases.
struct CounterState {
  var count = 0
}

enum CounterAction: Sendable {
  /// Mutates the value, returns no effect.
  case increment
  /// Returns one synchronous effect that sends `response(1)`.
  case request
  /// The effect's answer: adds its value.
  case response(Int)
  /// Starts a long-running cancellable effect.
  case start
  /// Cancels it.
  case stop
  /// One link of a synchronous chain: returns an effect that sends `step(n - 1)` while `n > 0`.
  case step(Int)
}

/// The cancellation id of `cancel.startCancel`.
enum CancelID: Hashable, Sendable {
  case effect
}

/// A parent holding a thousand children, for the fan-out cases: every child gets its own view.
struct FanoutState {
  static let childCount = 1_000

  var unrelated = 0
  var children = [ChildState](repeating: ChildState(), count: childCount)
}

struct ChildState: Equatable {
  var count = 0
}

enum FanoutAction: Sendable {
  /// Changes a field no view observes.
  case unrelated
  /// Reaches one child, as sent through that child's view.
  case child(Int, ChildAction)
}

enum ChildAction: Sendable {
  case increment
}
