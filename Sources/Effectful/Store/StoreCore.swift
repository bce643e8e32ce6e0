/// What a ``Store`` is underneath: the root of a feature, which runs the send loop, or a store made
/// from another, which forwards to it. This is the one place where the two kinds differ.
///
/// An enum rather than a protocol: `send` on a root store is the measured hot path, and a switch
/// lets code specialized for the store's types call the root's loop directly, where a protocol's
/// witness would run it unspecialized.
@usableFromInline
enum StoreCore<Value, Action> {
  /// Made with an initial value and a reducer (see `RootCore.swift`).
  case root(RootCore<Value, Action>)
  /// Made by `view` or `scope` (see `ScopedCore.swift`).
  case scoped(ScopedCore<Value, Action>)

  /// Sends `action` from `store`, which holds this core.
  @inlinable
  func send(_ action: Action, from store: Store<Value, Action>) -> StoreTask {
    switch self {
    case .root(let root): return root.send(action, from: store)
    case .scoped(let scoped): return scoped.sendToParent(action)
    }
  }

  /// The value, read without Observation knowing.
  @inlinable
  var currentValue: Value {
    switch self {
    case .root(let root): return root.state
    case .scoped(let scoped): return scoped.readValue()
    }
  }

  var registry: CancellationRegistry {
    switch self {
    case .root(let root): return root.registry
    case .scoped(let scoped): return scoped.registry
    }
  }

  /// The root's dependencies, which its scoped stores share.
  var dependencies: DependencyValues {
    get {
      switch self {
      case .root(let root): return root.dependencies
      case .scoped(let scoped): return scoped.dependencies
      }
    }
    nonmutating set {
      switch self {
      case .root(let root): root.dependencies = newValue
      case .scoped(let scoped): scoped.dependencies = newValue
      }
    }
  }

  func addObserver(_ observer: @escaping (Value) -> Void) -> Int {
    switch self {
    case .root(let root):
      // The subscription must know where to stop observing from.
      if !root.isBound { root.bindToCurrentIsolation() }
      return root.observers.insert(observer)
    case .scoped(let scoped): return scoped.addObserver(observer)
    }
  }

  func removeObserver(_ id: Int) {
    switch self {
    case .root(let root): root.observers.remove(id)
    case .scoped(let scoped): scoped.removeObserver(id)
    }
  }

  /// Whether subscribers already hear only real changes (a store made from another for an
  /// `Equatable` part compares once for all of them).
  var deduplicatesObservers: Bool {
    switch self {
    case .root: return false
    case .scoped(let scoped): return scoped.deduplicates
    }
  }

  /// Observation started tracking the store that holds this core, whose `observation` this is:
  /// make sure its sends, or its parent's, will announce changes.
  func awaitChanges(of observation: StoreObservation<Value, Action>) {
    switch self {
    case .root(let root): root.isObservationPending = true
    case .scoped(let scoped): scoped.awaitChanges(of: observation)
    }
  }

  /// Nobody tracks `store` any more: its sends, or its parent's, may stop announcing.
  func stopAwaitingChanges() {
    switch self {
    case .root(let root): root.isObservationPending = false
    case .scoped(let scoped): scoped.isListeningToParent = false
    }
  }

  /// A reader registered with Observation: keep the store's `observation` alive while the reader
  /// waits, if nothing else will. A root store is held by whoever reads it; a view made and read in
  /// a SwiftUI `body` is held by nobody (see `Store+ReaderLifetime.swift`).
  func keepAliveWhileReaderWaits(_ observation: StoreObservation<Value, Action>) {
    switch self {
    case .root: return
    case .scoped(let scoped): scoped.keepAliveForReader(observation)
    }
  }
}
