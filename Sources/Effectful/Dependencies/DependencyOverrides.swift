import Synchronization

extension DependencyValues {
  /// Whether values other than the defaults have ever been made in this process: set before the
  /// first override or test context exists, and never cleared. Until then every task's values are
  /// the defaults, and a read need not look up the task-local: an app that never overrides a
  /// dependency reads each one at the cost of an atomic load (send.dependencyRead).
  ///
  /// Never cleared, rather than counted down, because an unstructured `Task` made inside
  /// `withDependencies` inherits the values and may read them after the scope has ended.
  @usableFromInline static let anyOverride = Atomic<Bool>(false)

  @inlinable static var hasOverrides: Bool {
    anyOverride.load(ordering: .acquiring)
  }

  /// Called before non-default values are made.
  static func noteOverride() {
    if !anyOverride.load(ordering: .relaxed) { anyOverride.store(true, ordering: .releasing) }
  }

  /// The values in force in the calling task.
  @inlinable package static var inForce: DependencyValues {
    hasOverrides ? current : DependencyValues()
  }
}
