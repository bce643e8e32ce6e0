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

/// A cancellation id, type-erased: two ids are equal when they have the same type and are `==`, as in
/// the Composable Architecture (`1` and `UInt8(1)` are different ids).
///
/// It holds the id in an existential, not in an `AnyHashable`: wrapping a value in `AnyHashable` and
/// comparing two of them go through unspecialized runtime code (generic metadata lookups, dynamic
/// casts) that cost more than the rest of starting and cancelling an effect. Made from a known type,
/// this is a plain store of the value and of its hash.
@usableFromInline
package struct EffectID: Hashable, Sendable {
  @usableFromInline let base: any Hashable & Sendable
  /// Hashed once: the registry looks an id up several times per cancellable run.
  @usableFromInline let hashValueOnce: Int

  @inlinable
  package init(_ id: some Hashable & Sendable) {
    base = id
    hashValueOnce = id.hashValue
  }

  @usableFromInline
  package static func == (lhs: EffectID, rhs: EffectID) -> Bool {
    lhs.hashValueOnce == rhs.hashValueOnce && lhs.base.isSameID(as: rhs.base)
  }

  @usableFromInline
  package func hash(into hasher: inout Hasher) {
    hasher.combine(hashValueOnce)
  }

  /// What `Dictionary` hashes an id with. Its default runs a whole `Hasher` (SipHash) over the hash
  /// already computed: twice per cancellable run (registered, then cancelled), which cancel.startCancel
  /// measures. `hashValueOnce` came out of a seeded `Hasher` already, so mixing in the table's seed is
  /// enough.
  @usableFromInline
  package func _rawHashValue(seed: Int) -> Int {
    // A multiply and a rotate, so that the table's seed changes every bit of the result.
    let mixed = (hashValueOnce ^ seed) &* -7_046_029_254_386_353_131  // 0x9E3779B97F4A7C15
    return mixed ^ (mixed >> 29)
  }
}

extension Hashable where Self: Sendable {
  /// Whether `other` holds a value of this type equal to this one.
  fileprivate func isSameID(as other: any Hashable & Sendable) -> Bool {
    // Opens `other` rather than casting it: `as? Self` is a dynamic cast through the runtime on every
    // registry lookup that finds an id (each cancellation), where comparing two types is a pointer
    // comparison.
    other.isEqual(to: self)
  }

  /// Whether `value` is of this type and equal to this value.
  private func isEqual<Other>(to value: Other) -> Bool {
    guard Other.self == Self.self else { return false }
    // Same type, checked just above: the memory already holds a `Self`, compared in place.
    return withUnsafePointer(to: value) { pointer in
      pointer.withMemoryRebound(to: Self.self, capacity: 1) { self == $0.pointee }
    }
  }
}
