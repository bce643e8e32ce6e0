import Foundation

/// Holds a feature's value, reduces actions into it, runs the effects the reducer returns, and tells
/// observers about changes.
///
/// ```swift
/// let store = Store(initialValue: CounterState(), reducer: counterReducer(environment: .offline))
/// let subscription = store.subscribe { state in print("count: \(state.count)") }
/// store.send(.incrementButtonTapped)   // count: 1
/// ```
///
/// ## Threading
/// A store lives on the main actor: create it, send to it and read it there; the compiler checks this
/// in Swift 6 code. Effects may work on any thread but must deliver their outputs on the main thread
/// (end them with `.receive(on: DispatchQueue.main)`); an output that arrives elsewhere stops the
/// program with a message naming the action, instead of racing.
///
/// ## Re-entrancy
/// `send` never recurses. An action sent while another is being reduced (by a synchronous effect or by
/// an observer) is queued and reduced after it, in order, so a synchronous chain of a million actions
/// runs in constant stack.
///
/// ## Lifetime
/// Effects hold their store weakly. When the last reference to a store goes away, every effect it
/// started is cancelled: timers stop, requests are cancelled, delayed work is dropped.
@MainActor
public final class Store<Value, Action> {
  // The send loop's state is touched only on the main actor and never by two overlapping accesses
  // (a re-entrant send only appends to `queue`, after the reducer's access to `state` has ended), so
  // the runtime exclusivity checks, about half the cost of a send, are switched off for it.

  /// The value of a root store; for a store made by `view`, the value it last computed from its parent.
  @usableFromInline @exclusivity(unchecked) var state: Value
  @usableFromInline let reducer: Reducer<Value, Action>
  /// Actions waiting while another is reduced, read from `queueHead` on.
  @usableFromInline @exclusivity(unchecked) var queue: [Action] = []
  @usableFromInline @exclusivity(unchecked) var queueHead = 0
  @usableFromInline @exclusivity(unchecked) var isSending = false
  @usableFromInline @exclusivity(unchecked) var observers = ObserverList<Value>()
  @usableFromInline let registry: CancellationRegistry
  /// How a store made by `view` reads and sends through its parent; `nil` for a root store.
  @usableFromInline let parent: ParentLink<Value, Action>?
  /// See ``delivery``.
  @exclusivity(unchecked) var deliveryClosure: (@Sendable (Action, Provenance?) -> Void)?

  /// Creates a store from an initial value and the reducer that evolves it.
  ///
  /// ```swift
  /// let store = Store(initialValue: AppState(), reducer: appReducer)
  /// ```
  public init(initialValue: Value, reducer: @escaping Reducer<Value, Action>) {
    self.state = initialValue
    self.reducer = reducer
    self.registry = CancellationRegistry()
    self.parent = nil
  }

  /// A store that reads and sends through `parent`; it never reduces or runs effects itself.
  @usableFromInline
  init(parent: ParentLink<Value, Action>, initialValue: Value, registry: CancellationRegistry) {
    self.state = initialValue
    self.reducer = { _, _ in [] }
    self.registry = registry
    self.parent = parent
  }

  deinit {
    // A view shares its root's registry; only the root's going away ends the effects.
    if parent == nil { registry.cancelAll() }
  }

  /// The current value. A store made with ``view(value:action:)-4cgnc`` computes it from its parent's.
  ///
  /// ```swift
  /// store.send(.incrementButtonTapped)
  /// store.value.count  // 1
  /// ```
  @inlinable
  public var value: Value {
    if let parent { return parent.currentValue() }
    return state
  }

  /// Reduces `action` into the value, runs the effects the reducer returns, and notifies observers.
  ///
  /// ```swift
  /// store.send(.incrementButtonTapped)
  /// ```
  ///
  /// Called while the store is already reducing (from an observer, or a synchronous effect), the
  /// action is queued and reduced right after the current one.
  @inlinable
  public func send(_ action: Action) {
    if let parent {
      parent.send(action)
      return
    }
    if isSending {
      queue.append(action)
      return
    }
    #if DEBUG
      if !MainActorCheck.isOnMainActor { StoreDiagnostics.sentOffMainThread(action) }
    #endif
    // The send loop: reduce the action, then every action queued meanwhile, in order, iteratively.
    isSending = true
    reduce(action)
    while queueHead < queue.count {
      let next = queue[queueHead]
      queueHead += 1
      // Reset once drained, so a long chain reuses one slot instead of growing the queue.
      if queueHead == queue.count {
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
      }
      reduce(next)
    }
    isSending = false
  }

  @inlinable
  func reduce(_ action: Action) {
    let effects = reducer(&state, action)
    // By index, so that each effect is read in place rather than copied out (a retain and a release).
    for index in effects.indices {
      switch effects[index].operation {
      case .none:
        continue
      case .output(let output):
        queue.append(output.value)
      case .cancel(let id):
        registry.cancel(id: id)
      case .run(let body):
        start(body)
      }
    }
    if !observers.isEmpty { observers.notify(state) }
  }

  /// Starts an effect that may call back later, from anywhere.
  @usableFromInline
  func start(_ body: @Sendable (EffectSubscriber<Action>) -> Void) {
    let lifetime = EffectLifetime(storeRunIn: registry)
    body(EffectSubscriber(lifetime: lifetime, receive: delivery))
    // Most effects (`.sync`, merges of them) are over by now: `track` records only the others.
    registry.track(lifetime)
  }

  /// Where every run this store starts delivers its outputs. It holds the store weakly and depends on
  /// nothing else, so one closure, made on first use, serves them all.
  var delivery: @Sendable (Action, Provenance?) -> Void {
    if let deliveryClosure { return deliveryClosure }
    let made: @Sendable (Action, Provenance?) -> Void = { [weak self] action, provenance in
      guard MainActorCheck.isOnMainActor else { StoreDiagnostics.effectOutputOffMainThread(action) }
      // On the main actor; the action never leaves this thread.
      let delivery = UncheckedSendable(action)
      MainActor.assumeIsolated {
        // After every cancellation this store has processed, nothing cancelled gets through.
        guard let self, provenance.isLive else { return }
        self.send(delivery.value)
      }
    }
    deliveryClosure = made
    return made
  }

  /// Calls `observer` with the new value after each action the store reduces.
  ///
  /// ```swift
  /// let subscription = store.subscribe { value in render(value) }
  /// // …
  /// subscription.cancel()   // or let it go out of scope
  /// ```
  ///
  /// The observer is not called with the current value; read ``value`` for that. Observing ends when the
  /// returned subscription is cancelled or released. When `Value` is `Equatable`, observers hear only
  /// real changes.
  public func subscribe(_ observer: @escaping (Value) -> Void) -> StoreSubscription {
    addObserver(observer)
  }

  /// Calls `observer` with the new value after each action that changed it.
  ///
  /// ```swift
  /// let subscription = store.subscribe { state in render(state) }
  /// store.send(.noOpTapped)   // value unchanged: render is not called
  /// ```
  ///
  /// Ends when the returned subscription is cancelled or released.
  public func subscribe(_ observer: @escaping (Value) -> Void) -> StoreSubscription
  where Value: Equatable {
    // A view with an Equatable value already deduplicates, once for all of its observers.
    if parent?.deduplicates == true { return addObserver(observer) }
    var last = value
    return addObserver { newValue in
      guard newValue != last else { return }
      last = newValue
      observer(newValue)
    }
  }

  @usableFromInline
  func addObserver(_ observer: @escaping (Value) -> Void) -> StoreSubscription {
    let id = observers.insert(observer)
    if let parent, parent.subscription == nil {
      // A view listens to its parent only while somebody listens to it.
      state = parent.currentValue()
      parent.subscription = parent.observe(self)
    }
    return StoreSubscription { [self] in removeObserver(id) }
  }

  func removeObserver(_ id: Int) {
    observers.remove(id)
    if observers.isEmpty, let parent {
      parent.subscription?.cancel()
      parent.subscription = nil
    }
  }
}

/// Observers of one store, in the order they subscribed.
@usableFromInline
struct ObserverList<Value> {
  @usableFromInline var entries: [Observer<Value>] = []
  @usableFromInline var nextID = 0

  @usableFromInline init() {}

  @inlinable var isEmpty: Bool { entries.isEmpty }

  @usableFromInline
  mutating func insert(_ observe: @escaping (Value) -> Void) -> Int {
    nextID += 1
    entries.append(Observer(id: nextID, observe: observe))
    return nextID
  }

  @usableFromInline
  mutating func remove(_ id: Int) {
    if let index = entries.firstIndex(where: { $0.id == id }) { entries.remove(at: index) }
  }

  /// Iterates a snapshot, so an observer may unsubscribe (itself or others) while being notified.
  @inlinable
  func notify(_ value: Value) {
    // Each observer is called through an unretained reference, which spares a retain and a release
    // per observer (most of the cost of a parent notifying a thousand views). That is safe because
    // `snapshot` holds the buffer, and through it every observer in it, until the loop ends: an
    // observer that subscribes or unsubscribes meanwhile changes the store's list, which copies the
    // shared buffer first and leaves this one as it was.
    let snapshot = entries
    snapshot.withUnsafeBufferPointer { observers in
      for index in observers.indices {
        Unmanaged.passUnretained(observers[index])._withUnsafeGuaranteedRef { $0.observe(value) }
      }
    }
  }
}

/// One observer of a store. A class, so that ``ObserverList/notify(_:)`` can call it without
/// retaining it.
@usableFromInline
final class Observer<Value> {
  @usableFromInline let id: Int
  @usableFromInline let observe: (Value) -> Void

  @usableFromInline
  init(id: Int, observe: @escaping (Value) -> Void) {
    self.id = id
    self.observe = observe
  }
}
