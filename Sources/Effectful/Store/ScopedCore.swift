/// The core of a store made from another by `view` or `scope`: it reads its value through its parent
/// and sends its actions through it; it never reduces or runs effects itself.
///
/// It costs its parent nothing until somebody subscribes to the store or Observation tracks it.
/// While the store has subscribers, the core holds a subscription to the parent, whose closure holds
/// the core: the last subscriber going away breaks that cycle.
@usableFromInline
final class ScopedCore<Value, Action> {
  /// The store this one reads and sends through, whose dependencies it shares. Weak here: a view's
  /// closures hold its parent, a scoped store's do not (the parent keeps its scoped stores).
  @usableFromInline weak var parentStore: (any DependencyHolder)?
  /// The parent's registry, where the effects of this store's actions run.
  @usableFromInline let registry: CancellationRegistry
  /// Computes the value from the parent's current one.
  @usableFromInline let readValue: () -> Value
  @usableFromInline let sendToParent: (Action) -> StoreTask
  /// Tells the parent that Observation tracks this store, so that the parent's sends reach it.
  @usableFromInline let trackInParent: (any ObservedView) -> Void
  /// Whether the observer ``subscribeToParent`` installs tells subscribers only of real changes.
  @usableFromInline let deduplicates: Bool
  /// Subscribes this core to its parent: the observer computes the value, records it in
  /// ``lastNotified`` and tells ``observers``.
  @usableFromInline let subscribeToParent: (ScopedCore) -> StoreSubscription
  /// The value subscribers last heard of, which a deduplicating observer compares the next with.
  @usableFromInline @exclusivity(unchecked) var lastNotified: Value
  @usableFromInline @exclusivity(unchecked) var observers = ObserverList<Value>()
  @usableFromInline @exclusivity(unchecked) var subscription: StoreSubscription?
  /// Whether the parent tells this store's Observation trackers about its changes.
  var isListeningToParent = false
  /// The key path readers of this store register under to keep it alive while any of them waits;
  /// see `Store+ReaderLifetime.swift`.
  weak var keepAliveKeyPath: KeyPath<KeepAliveSubject, Void>?

  @usableFromInline
  init(
    parentStore: any DependencyHolder,
    registry: CancellationRegistry,
    initialValue: Value,
    readValue: @escaping () -> Value,
    sendToParent: @escaping (Action) -> StoreTask,
    trackInParent: @escaping (any ObservedView) -> Void,
    deduplicates: Bool,
    subscribeToParent: @escaping (ScopedCore) -> StoreSubscription
  ) {
    self.parentStore = parentStore
    self.registry = registry
    self.lastNotified = initialValue
    self.readValue = readValue
    self.sendToParent = sendToParent
    self.trackInParent = trackInParent
    self.deduplicates = deduplicates
    self.subscribeToParent = subscribeToParent
  }

  /// The parent's dependencies: a scoped store has none of its own.
  var dependencies: DependencyValues {
    get { parentStore?.dependencies ?? DependencyValues() }
    set { parentStore?.dependencies = newValue }
  }

  /// Listens to the parent while somebody listens to this store.
  @usableFromInline
  func addObserver(_ observer: @escaping (Value) -> Void) -> Int {
    let id = observers.insert(observer)
    if subscription == nil {
      lastNotified = readValue()
      subscription = subscribeToParent(self)
    }
    return id
  }

  func removeObserver(_ id: Int) {
    observers.remove(id)
    if observers.isEmpty {
      subscription?.cancel()
      subscription = nil
    }
  }

  /// Called when Observation starts tracking the store: a scoped store learns of changes only
  /// through its parent, so it asks for its `observation` to be told.
  func awaitChanges(of observation: StoreObservation<Value, Action>) {
    guard !isListeningToParent else { return }
    isListeningToParent = true
    trackInParent(observation)
  }
}
