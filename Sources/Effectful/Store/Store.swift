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
  @usableFromInline
  let core: Core

  @usableFromInline
  enum Core {
    case root(RootCore<Value, Action>)
    case scoped(ScopedCore<Value, Action>)
  }

  @usableFromInline
  init(core: Core) {
    self.core = core
  }

  /// Creates a store from an initial value and the reducer that evolves it.
  ///
  /// ```swift
  /// let store = Store(initialValue: AppState(), reducer: appReducer)
  /// ```
  public convenience init(initialValue: Value, reducer: @escaping Reducer<Value, Action>) {
    self.init(core: .root(RootCore(initialValue: initialValue, reducer: reducer)))
  }

  /// The current value. A store made with ``view(value:action:)`` computes it from its parent's.
  ///
  /// ```swift
  /// store.send(.incrementButtonTapped)
  /// store.value.count  // 1
  /// ```
  @inlinable
  public var value: Value {
    switch core {
    case .root(let root): return root.value
    case .scoped(let scoped): return scoped.currentValue()
    }
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
    switch core {
    case .root(let root): root.send(action)
    case .scoped(let scoped): scoped.sendToParent(action)
    }
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
    // A view with an Equatable value already deduplicates once for all of its observers.
    if case .scoped = core { return addObserver(observer) }
    var last = value
    return addObserver { newValue in
      guard newValue != last else { return }
      last = newValue
      observer(newValue)
    }
  }

  private func addObserver(_ observer: @escaping (Value) -> Void) -> StoreSubscription {
    let id: Int
    switch core {
    case .root(let root): id = root.observers.insert(observer)
    case .scoped(let scoped): id = scoped.addObserver(observer)
    }
    return StoreSubscription { [self] in
      switch core {
      case .root(let root): root.observers.remove(id)
      case .scoped(let scoped): scoped.removeObserver(id)
      }
    }
  }
}

/// The state of a store that owns its value: the send loop lives here.
@MainActor
@usableFromInline
final class RootCore<Value, Action> {
  @usableFromInline var value: Value
  @usableFromInline let reducer: Reducer<Value, Action>
  /// Actions waiting while another is reduced, read from `queueHead` on.
  @usableFromInline var queue: [Action] = []
  @usableFromInline var queueHead = 0
  @usableFromInline var isSending = false
  @usableFromInline var observers = ObserverList<Value>()
  @usableFromInline let registry = CancellationRegistry()

  @usableFromInline
  init(initialValue: Value, reducer: @escaping Reducer<Value, Action>) {
    self.value = initialValue
    self.reducer = reducer
  }

  deinit {
    registry.cancelAll()
  }

  /// The send loop: reduce the action, then every action queued meanwhile, in order, iteratively.
  @inlinable
  func send(_ action: Action) {
    if isSending {
      queue.append(action)
      return
    }
    #if DEBUG
      if !MainActorCheck.isOnMainActor { StoreDiagnostics.sentOffMainThread(action) }
    #endif
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
    let effects = reducer(&value, action)
    for effect in effects {
      switch effect.operation {
      case .none:
        continue
      case .output(let output):
        queue.append(output.value)
      case .run(let body):
        start(body)
      }
    }
    if !observers.isEmpty { observers.notify(value) }
  }

  /// Starts an effect that may call back later, from anywhere.
  @usableFromInline
  func start(_ body: @Sendable (EffectSubscriber<Action>) -> Void) {
    let lifetime = EffectLifetime(registry: registry)
    registry.track(lifetime)
    body(
      EffectSubscriber(lifetime: lifetime) { [weak self] action, provenance in
        guard MainActorCheck.isOnMainActor else { StoreDiagnostics.effectOutputOffMainThread(action) }
        // On the main thread, so on the main actor; the action never leaves this thread.
        let delivery = UncheckedSendable(action)
        MainActor.assumeIsolated {
          // After every cancellation this store has processed, nothing cancelled gets through.
          guard let self, provenance.isLive else { return }
          self.send(delivery.value)
        }
      })
  }
}

/// Observers of one store, in the order they subscribed.
@usableFromInline
struct ObserverList<Value> {
  @usableFromInline var entries: [(id: Int, observe: (Value) -> Void)] = []
  @usableFromInline var nextID = 0

  @usableFromInline init() {}

  @inlinable var isEmpty: Bool { entries.isEmpty }

  @usableFromInline
  mutating func insert(_ observe: @escaping (Value) -> Void) -> Int {
    nextID += 1
    entries.append((nextID, observe))
    return nextID
  }

  @usableFromInline
  mutating func remove(_ id: Int) {
    entries.removeAll { $0.id == id }
  }

  /// Iterates a snapshot, so an observer may unsubscribe (itself or others) while being notified.
  @inlinable
  func notify(_ value: Value) {
    for entry in entries { entry.observe(value) }
  }
}
