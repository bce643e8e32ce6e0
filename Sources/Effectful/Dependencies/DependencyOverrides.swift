import Synchronization

extension DependencyValues {
  /// Whether values other than the defaults have ever been made in this process: set before the
  /// first override or test context exists, and never cleared. Until then every task's values are
  /// the defaults, and a read need not look up the task-local: an app that never overrides a
  /// dependency reads each one at the cost of an atomic load (send.dependencyRead).
  ///
  /// Never cleared, rather than counted down, because an unstructured `Task` made inside
  /// `withDependencies` inherits the values and may read them after the scope has ended.
  @usableFromInline static let anyOverride = OverrideFlag()

  @inlinable static var hasOverrides: Bool {
    anyOverride.isSet
  }

  /// Called before non-default values are made.
  static func noteOverride() {
    anyOverride.set()
  }

  /// The values in force in the calling task.
  @inlinable package static var inForce: DependencyValues {
    hasOverrides ? current : DependencyValues()
  }
}

/// The flag behind ``DependencyValues/hasOverrides``, in an object so that a store can keep a
/// reference to it: reading the static property runs its lazy-initialization check, a call, at
/// each use, which `send.noEffect` paid (115 instructions a send against 107).
@usableFromInline
final class OverrideFlag: Sendable {
  @usableFromInline let value = Atomic<Bool>(false)

  @usableFromInline init() {}

  @inlinable var isSet: Bool { value.load(ordering: .acquiring) }

  func set() {
    if !value.load(ordering: .relaxed) { value.store(true, ordering: .releasing) }
  }
}
