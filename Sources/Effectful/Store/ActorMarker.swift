#if canImport(Darwin)
  import Darwin
#else
  import Glibc
#endif

/// Which store actor the current thread is running, as far as the library set it: a delivery made
/// synchronously there (a callback effect sending as it starts, a `.run`'s `send` once it hopped)
/// is reduced at once; one made anywhere else goes through the store's ``StoreMailbox``.
///
/// Swift has no public question "is this code isolated to that actor?" that does not trap, so the
/// library marks the spans where it runs synchronously on a store's actor: the mark is per thread
/// and set only around synchronous code, so it can never outlive the isolation it names.
@usableFromInline
enum ActorMarker {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "Effectful: could not make a thread-local key (\(status))")
    return key
  }()

  /// Whether the current thread runs `actor` synchronously inside one of the marked spans.
  @usableFromInline
  static func isCurrent(_ actor: any Actor) -> Bool {
    let mark = UnsafeMutableRawPointer(Unmanaged.passUnretained(actor as AnyObject).toOpaque())
    return pthread_getspecific(key) == mark
  }

  /// Runs `body`, marked as running on `actor`; the caller must be isolated to it.
  @usableFromInline
  static func run<Result>(on actor: any Actor, _ body: () throws -> Result) rethrows -> Result {
    let previous = pthread_getspecific(key)
    pthread_setspecific(key, Unmanaged.passUnretained(actor as AnyObject).toOpaque())
    defer { pthread_setspecific(key, previous) }
    return try body()
  }
}
