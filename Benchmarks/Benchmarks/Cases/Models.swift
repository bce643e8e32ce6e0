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

/// A root of a hundred children, each holding ten grandchildren: a thousand leaves, as in
/// ``FanoutState``, but reached the way a real app nests its features.
struct NestedFanoutState {
  static let childCount = 100
  static let grandchildCount = 10

  var children = [NestedChildState](repeating: NestedChildState(), count: childCount)
}

/// One child feature's slice: its grandchildren.
struct NestedChildState: Equatable {
  var grandchildren = [ChildState](repeating: ChildState(), count: NestedFanoutState.grandchildCount)
}

enum NestedFanoutAction: Sendable {
  case child(Int, NestedChildAction)
}

enum NestedChildAction: Sendable {
  case grandchild(Int, ChildAction)
}
