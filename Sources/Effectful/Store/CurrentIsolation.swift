#if canImport(Darwin)
  import Darwin
#else
  import Glibc
#endif

/// The isolation the calling code runs on, found at run time: how a store made where Swift names no
/// isolation (an actor's stored-property initializer or `init`, where `#isolation` is `nil`) learns
/// its actor at its first send, and how a misuse message names the caller.
///
/// Swift has no public way to ask for the current actor, and taking `#isolation` in every `send`
/// would cost every send on the main actor a call and a release (about 40 instructions, a third of
/// `send.noEffect`). So the library asks the concurrency runtime's `swift_task_getCurrentExecutor`,
/// looked up by name once: only a store's first send, made off the main thread, and a misuse
/// message pay for it. Where the symbol is missing, the store's first send says where to make it.
enum CurrentIsolation {
  private typealias GetCurrentExecutor = @convention(thin) () -> UnownedSerialExecutor

  private static let getCurrentExecutor: GetCurrentExecutor? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_getCurrentExecutor") else { return nil }
    return unsafeBitCast(symbol, to: GetCurrentExecutor.self)
  }()

  /// The current isolation: `nil` outside any actor (or where the runtime cannot say).
  static func find() -> StoreIsolation? {
    guard let getCurrentExecutor, let identity = identity(of: getCurrentExecutor()) else { return nil }
    if identity == self.identity(of: MainActor.sharedUnownedExecutor) { return .main }
    let object = Unmanaged<AnyObject>.fromOpaque(identity).takeUnretainedValue()
    // A default actor is its own executor; an actor on an executor of the user's is reached
    // through an actor that shares that executor.
    if let actor = object as? any Actor { return .actor(actor) }
    return .actor(ExecutorActor(executor: getCurrentExecutor(), holding: object))
  }

  /// The executor's identity: the actor itself for a default actor, `nil` for none.
  private static func identity(of executor: UnownedSerialExecutor) -> UnsafeRawPointer? {
    withUnsafeBytes(of: executor) { $0.load(as: UnsafeRawPointer?.self) }
  }
}

/// An actor on another's executor: hopping to it is hopping to that executor, which is what a
/// store whose owner runs on an executor of the user's needs.
final actor ExecutorActor {
  private let executor: UnownedSerialExecutor
  /// Keeps the executor alive while effects may still hop to it.
  private let owner: AnyObject

  init(executor: UnownedSerialExecutor, holding owner: AnyObject) {
    self.executor = executor
    self.owner = owner
  }

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor }
}
