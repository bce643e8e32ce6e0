/// A weak reference that crosses into `@Sendable` closures: how an effect's delivery holds its
/// store. The store is read only on its own isolation (each use says how it gets there).
@usableFromInline
struct WeakReference<Object: AnyObject>: @unchecked Sendable {
  @usableFromInline weak var value: Object?

  @inlinable
  init(_ value: Object) {
    self.value = value
  }
}
