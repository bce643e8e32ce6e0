#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A count that is read far more often than it changes, and held for one load or one add: what a
/// `forEach` reads on every action to learn whether any of its elements has an effect running.
///
/// On Linux a spin lock: a pthread mutex costs about 110 instructions per lock and unlock, half of
/// what `forEach.rows10k.oneRowAction` spends outside the store; a spin lock is one atomic exchange and
/// one store, and nobody ever holds it for longer than an add. On Darwin, ``Lock`` is already an
/// `os_unfair_lock`, as cheap.
@usableFromInline
final class SpinCount: @unchecked Sendable {
  #if canImport(Darwin)
    private let lock = Lock()
  #else
    private let spin: UnsafeMutablePointer<pthread_spinlock_t>
  #endif
  // Guarded by the lock, which is what makes the unchecked exclusivity and Sendable safe.
  @exclusivity(unchecked) private var count = 0

  init() {
    #if !canImport(Darwin)
      spin = .allocate(capacity: 1)
      pthread_spin_init(spin, 0)
    #endif
  }

  deinit {
    #if !canImport(Darwin)
      pthread_spin_destroy(spin)
      spin.deallocate()
    #endif
  }

  @inline(__always)
  private func withLock<T>(_ body: () -> T) -> T {
    #if canImport(Darwin)
      return lock.withLock(body)
    #else
      pthread_spin_lock(spin)
      defer { pthread_spin_unlock(spin) }
      return body()
    #endif
  }

  /// Whether the count is above zero.
  @usableFromInline
  var isPositive: Bool { withLock { count > 0 } }

  func add(_ delta: Int) {
    withLock { count += delta }
  }
}
