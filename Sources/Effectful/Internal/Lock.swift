#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A mutual-exclusion lock around a platform mutex.
///
/// Foundation's `NSLock` works everywhere but costs an Objective-C-style call on every use; effects take
/// a lock on each output and each end, so the cheaper primitive is worth twenty lines.
package final class Lock: @unchecked Sendable {
  #if canImport(Darwin)
    private let mutex: UnsafeMutablePointer<os_unfair_lock>
  #else
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  #endif

  package init() {
    #if canImport(Darwin)
      mutex = .allocate(capacity: 1)
      mutex.initialize(to: os_unfair_lock())
    #else
      mutex = .allocate(capacity: 1)
      mutex.initialize(to: pthread_mutex_t())
      pthread_mutex_init(mutex, nil)
    #endif
  }

  deinit {
    #if !canImport(Darwin)
      pthread_mutex_destroy(mutex)
    #endif
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  @inline(__always)
  package func lock() {
    #if canImport(Darwin)
      os_unfair_lock_lock(mutex)
    #else
      pthread_mutex_lock(mutex)
    #endif
  }

  @inline(__always)
  package func unlock() {
    #if canImport(Darwin)
      os_unfair_lock_unlock(mutex)
    #else
      pthread_mutex_unlock(mutex)
    #endif
  }

  @inline(__always)
  package func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// A value guarded by its own lock, for the little shared state effects keep across threads.
package final class LockedValue<Value>: @unchecked Sendable {
  private let lock = Lock()
  // Guarded by `lock`.
  private var value: Value

  package init(_ value: Value) { self.value = value }

  package func withValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    try lock.withLock { try body(&value) }
  }
}

extension LockedValue {
  /// Empties the slot and returns what it held: `pending.take()?()` runs work at most once.
  package func take<Wrapped>() -> Wrapped? where Value == Wrapped? {
    withValue { value in
      defer { value = nil }
      return value
    }
  }
}

/// Carries a value the compiler cannot prove `Sendable` across a boundary where the library itself
/// guarantees single-threaded access (each use says why it is safe).
@usableFromInline
package struct UncheckedSendable<Value>: @unchecked Sendable {
  @usableFromInline package var value: Value
  @inlinable package init(_ value: Value) { self.value = value }
}
