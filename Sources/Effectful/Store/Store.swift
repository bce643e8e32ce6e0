import Foundation
import Observation

/// Holds a feature's value, reduces actions into it, runs the effects the reducer returns, and tells
/// observers about changes.
///
/// ```swift
/// let store = Store(
///   initialValue: CounterState(),
///   reducer: counterReducer(environment: .offline))
/// let subscription = store.subscribe { state in
///   print("count: \(state.count)")
/// }
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
/// ## Observation
/// A store is `Observable`: SwiftUI views and `withObservationTracking` that read ``value`` hear about
/// its changes, once per ``send(_:)`` (after every action it led to has been reduced), and for an
/// `Equatable` value only when the value really changed. See `Store+Observation.swift`.
///
/// ## Lifetime
/// Effects hold their store weakly. When the last reference to a store goes away, every effect it
/// started is cancelled: timers stop, requests are cancelled, delayed work is dropped.
@MainActor
@dynamicMemberLookup
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
  @usableFromInline package let registry: CancellationRegistry
  /// How a store made by `view` reads and sends through its parent; `nil` for a root store.
  @usableFromInline let parent: ParentLink<Value, Action>?
  /// The runs started by the `send` in progress, for the ``StoreTask`` it returns; made by the first
  /// run that does not end as it starts.
  @usableFromInline @exclusivity(unchecked) var startedBySend: StoreTaskGroup?
  /// See ``delivery``.
  @usableFromInline @exclusivity(unchecked) var deliveryClosure: (@Sendable (Action, Provenance?) -> Void)?
  /// Whether a send must tell Observation trackers (of this store or of its views) about changes: the
  /// one thing the send path reads about Observation when nobody tracks the store.
  @usableFromInline @exclusivity(unchecked) var isObservationPending = false
  /// Made on the first tracked read; see `Store+Observation.swift`.
  @exclusivity(unchecked) var observation: StoreObservation<Value, Action>?
  /// Told of each effect that is still running once started, with its lifetime: how a test store
  /// learns which step started which effect. `nil` in an app, and read only for such effects.
  @usableFromInline @exclusivity(unchecked) package var effectStarted: ((EffectLifetime) -> Void)?
  /// Child stores for optional state and list elements, kept while their state is there; see
  /// `Store+Scope.swift`.
  @exclusivity(unchecked) var scopedStores: [ScopedStoreKey: AnyObject] = [:]
  /// The dependencies in force when this root store was made, when they are not the defaults:
  /// set while it reduces, so that its reducer and the effects it returns read them. `nil`, the
  /// common case, costs a send one branch.
  @usableFromInline @exclusivity(unchecked) var storedDependencies: DependencyValues?

  /// Creates a store from an initial value and the reducer that evolves it.
  ///
  /// ```swift
  /// let store = Store(initialValue: AppState(), reducer: appReducer)
  /// ```
  public convenience init(initialValue: Value, reducer: @escaping Reducer<Value, Action>) {
    self.init(initialValue: initialValue, reducer: reducer, registry: CancellationRegistry())
  }

  /// A root store with a registry of its own making: a test store gives its store one whose `.run`
  /// effects run on the test's executor; tests of the app's path give one with no task starter.
  package init(initialValue: Value, reducer: @escaping Reducer<Value, Action>, registry: CancellationRegistry) {
    self.state = initialValue
    self.reducer = reducer
    self.registry = registry
    self.parent = nil
    let dependencies = DependencyValues.inForce
    self.storedDependencies = dependencies.isDefault ? nil : dependencies
  }

  /// The dependencies this store's reducer and effects read: a test store changes them mid-test.
  /// A view reads and changes its root's.
  @usableFromInline package var dependencies: DependencyValues {
    get {
      if let parent { return parent.parentStore?.dependencies ?? DependencyValues() }
      return storedDependencies ?? DependencyValues()
    }
    set {
      if let parent {
        parent.parentStore?.dependencies = newValue
        return
      }
      storedDependencies = newValue.isDefault ? nil : newValue
    }
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
  ///
  /// Reading it is tracked by Observation: inside `withObservationTracking` or a SwiftUI view's body,
  /// the reader hears about the next change.
  @inlinable
  public var value: Value {
    trackRead()
    return currentValue
  }

  /// The value, read without Observation knowing: what the store itself and its views use.
  @inlinable
  var currentValue: Value {
    if let parent { return parent.currentValue() }
    return state
  }

  /// Reduces `action` into the value, runs the effects the reducer returns, and notifies observers.
  ///
  /// ```swift
  /// store.send(.incrementButtonTapped)
  /// // returns once the fact has been reduced
  /// await store.send(.factButtonTapped).finish()
  /// ```
  ///
  /// Called while the store is already reducing (from an observer, or a synchronous effect), the
  /// action is queued and reduced right after the current one. Subscribers hear about each action
  /// (about each change, for an `Equatable` value); Observation trackers hear once, after the last
  /// queued action has been reduced.
  ///
  /// - Returns: The effects this send started, to wait for or cancel (see ``StoreTask``).
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    if let parent {
      return parent.send(action)
    }
    if isSending {
      queue.append(action)
      return StoreTask(nil)
    }
    #if DEBUG
      if !MainActorCheck.isOnMainActor { StoreDiagnostics.sentOffMainThread(action) }
    #endif
    // The send loop: reduce the action, then every action queued meanwhile, in order, iteratively;
    // then tell Observation trackers, once, if any wait.
    isSending = true
    reduce(action)
    // Checked here rather than only in the loop: most sends queue nothing, and this spares them a call.
    if queueHead < queue.count { drainQueue() }
    if isObservationPending { announceObservedChanges() }
    isSending = false
    // StoreTask: the runs `start` recorded during this send. Most sends start none, and returning
    // early spares them the release that moving the recorded runs out costs.
    guard let started = startedBySend else { return StoreTask(nil) }
    startedBySend = nil
    return StoreTask(started)
  }

  /// Reduces every queued action, in order, including those queued while it runs.
  @inlinable
  func drainQueue() {
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
  }

  @inlinable
  func reduce(_ action: Action) {
    let effects: [Effect<Action>]
    if let storedDependencies {
      effects = reduce(action, with: storedDependencies)
    } else {
      effects = reducer(&state, action)
    }
    // By index, so that each effect is read in place rather than copied out (a retain and a release).
    for index in effects.indices {
      switch effects[index].operation {
      case .none:
        continue
      case .output(let output):
        queue.append(output)
      case .cancel(let id):
        registry.cancel(id: id)
      case .checkRemovals(let check):
        check.run(on: state, registry: registry)
      case .run(let body):
        start(body)
      }
    }
    if !observers.isEmpty { observers.notify(state) }
  }

  /// The reducer's call, with `dependencies` in force: apart, so that the common path stays small.
  @usableFromInline
  func reduce(_ action: Action, with dependencies: DependencyValues) -> [Effect<Action>] {
    DependencyValues.$current.withValue(dependencies) { reducer(&state, action) }
  }

  /// Starts an effect that may call back later, from anywhere. Inlinable, like ``delivery``: see there.
  @inlinable
  func start(_ body: @Sendable (EffectSubscriber<Action>) -> Void) {
    let lifetime = EffectLifetime(storeRunIn: registry)
    body(EffectSubscriber(lifetime: lifetime, receive: delivery))
    // Most effects (`.sync`, merges of them) are over by now: `track` records only the others. A
    // cancellable effect was tracked as it registered its id.
    let isRunning = lifetime.isTrackedAtStart || registry.track(lifetime)
    // StoreTask: a run that is over has nothing to wait for, and keeping it would make a long chain of
    // synchronous effects hold every one of its runs until the send returns.
    guard isRunning else { return }
    effectStarted?(lifetime)
    // Started while reducing an output a run delivered: part of that run's task, transitively.
    if let delivering = registry.deliveringRun, StoreTaskGroup.join(lifetime, groupOf: delivering) {
      return
    }
    if let startedBySend {
      startedBySend.join(lifetime)
    } else {
      let group = StoreTaskGroup(registry: registry)
      group.join(lifetime)
      startedBySend = group
    }
  }

  /// Where every run this store starts delivers its outputs. It holds the store weakly and depends on
  /// nothing else, so one closure, made on first use, serves them all.
  ///
  /// Inlinable, so that the closure is made in code specialized for the store's types: made in this
  /// module's generic code, every output an effect delivered went through an unspecialized `send`
  /// and `reduce`, looking up generic metadata at each step, a third of a `.run` round trip's
  /// instructions beyond its task and hops (run.roundTrip).
  @inlinable
  var delivery: @Sendable (Action, Provenance?) -> Void {
    if let deliveryClosure { return deliveryClosure }
    let made: @Sendable (Action, Provenance?) -> Void = { [weak self, registry] action, provenance in
      guard MainActorCheck.isOnMainActor else {
        // Under a test store the test fails at its own line instead, and the output is reduced late.
        guard let handler = registry.offMainOutputHandler else {
          StoreDiagnostics.effectOutputOffMainThread(action)
        }
        if provenance.isLive { handler(UncheckedSendable<Any>(action)) }
        return
      }
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
    var last = currentValue
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

/// A store, as its views reach its dependencies without knowing its types.
@MainActor @usableFromInline
protocol DependencyHolder: AnyObject {
  var dependencies: DependencyValues { get set }
}

extension Store: DependencyHolder {}

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
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
    // A notification in progress may hold this observer in its snapshot: the mark tells it to skip it.
    entries[index].isRemoved = true
    entries.remove(at: index)
  }

  /// Calls every observer that is still subscribed, in order, with `value`.
  ///
  /// An observer may subscribe or unsubscribe anybody, itself included, while being notified: one that
  /// subscribes hears the next notification, not this one; one that is unsubscribed before its turn is
  /// not called.
  @inlinable
  func notify(_ value: Value) {
    // The loop walks a snapshot, so that the list may change under it. Each observer is called through
    // an unretained reference, which spares a retain and a release per observer (most of the cost of a
    // parent notifying a thousand views). That is safe because `snapshot` holds the buffer, and through
    // it every observer in it, until the loop ends: an observer that subscribes or unsubscribes
    // meanwhile changes the store's list, which copies the shared buffer first and leaves this one as
    // it was. An observer removed meanwhile is still in the snapshot, marked.
    let snapshot = entries
    snapshot.withUnsafeBufferPointer { observers in
      for index in observers.indices {
        Unmanaged.passUnretained(observers[index])._withUnsafeGuaranteedRef { observer in
          if !observer.isRemoved { observer.observe(value) }
        }
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
  /// Set when the observer is unsubscribed; read by notifications already under way. Only touched on the
  /// store's actor, so the runtime's exclusivity check is not needed.
  @usableFromInline @exclusivity(unchecked) var isRemoved = false

  @usableFromInline
  init(id: Int, observe: @escaping (Value) -> Void) {
    self.id = id
    self.observe = observe
  }
}
