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
/// ## Isolation
/// A store belongs to the isolation that makes it: the main actor in an app's UI, or any actor, such
/// as one per session in a server (see <doc:StoresOnAnyActor>). Its reducer runs there and every
/// effect delivers there. It is not `Sendable`: the compiler keeps it in that isolation. On the main
/// actor, effects work on any thread but deliver on the main thread (end them with
/// `.receive(on: DispatchQueue.main)`); on another actor, outputs hop to it by themselves. A send
/// from another isolation stops the program with a message naming both, instead of racing.
///
/// ## Re-entrancy
/// `send` never recurses. An action sent while another is being reduced (by a synchronous effect or by
/// an observer) is queued and reduced after it, in order, so a synchronous chain of a million actions
/// runs in constant stack.
///
/// ## Observation
/// A store is `Observable`: SwiftUI views and `withObservationTracking` that read ``value`` hear about
/// its changes, once per ``send(_:)`` (after every action it led to has been reduced), and for an
/// `Equatable` value only when the value really changed. A read of a field through the store
/// (`store.count`) hears only about that field. See <doc:Observation>.
///
/// ## Lifetime
/// Effects hold their store weakly. When the last reference to a store goes away, every effect it
/// started is cancelled: timers stop, requests are cancelled, delayed work is dropped.
@dynamicMemberLookup
public final class Store<Value, Action> {
  /// A root core runs the send loop; a scoped core, for a store made by `view` or `scope`, forwards
  /// to its parent. See `StoreCore.swift`.
  @usableFromInline let core: StoreCore<Value, Action>
  // Both are touched only on the store's actor and never by overlapping accesses, so the runtime
  // exclusivity checks (on every read of `value`) are switched off for them.
  /// Made on the first tracked read; see `Store+Observation.swift`.
  @exclusivity(unchecked) var observation: StoreObservation<Value, Action>?
  /// Child stores for optional state and list elements, kept while their state is there; see
  /// `Store+Scope.swift`.
  @exclusivity(unchecked) var scopedStores: [ScopedStoreKey: AnyObject] = [:]
  /// The store a view was made from, which a view keeps alive while its users keep the view. Only
  /// here: what the view's readers keep leads to no store (see `Store+ReaderLifetime.swift`).
  @usableFromInline let parent: AnyObject?

  /// Creates a store from an initial value and the reducer that evolves it.
  ///
  /// ```swift
  /// let store = Store(initialValue: AppState(), reducer: appReducer)
  /// ```
  ///
  /// The store belongs to `isolation`, the caller's by default. Where that is `nil` (an actor's
  /// stored-property initializer or `init`), it belongs to the isolation that first uses it.
  public convenience init(
    initialValue: Value, reducer: @escaping Reducer<Value, Action>,
    isolation: (any Actor)? = #isolation
  ) {
    self.init(
      initialValue: initialValue, reducer: reducer, registry: CancellationRegistry(),
      isolation: isolation)
  }

  /// A root store with a registry of its own making: a test store gives its store one whose `.run`
  /// effects run on the test's executor; tests of the app's path give one with no task starter.
  package convenience init(
    initialValue: Value, reducer: @escaping Reducer<Value, Action>, registry: CancellationRegistry,
    isolation: (any Actor)? = #isolation
  ) {
    let root = RootCore(
      initialValue: initialValue, reducer: reducer, registry: registry,
      isolation: StoreIsolation(isolation))
    self.init(core: .root(root))
  }

  @usableFromInline
  init(core: StoreCore<Value, Action>, parent: AnyObject? = nil) {
    self.core = core
    self.parent = parent
  }

  deinit {
    // A root store going away is the end of every reader still waiting on it or on its views:
    // nothing will change it again. See `Store+ReaderLifetime.swift`.
    if case .root = core, let observation { observation.tellEveryReader() }
  }

  /// The registry where this store's effects run: a store made from another shares its root's.
  @usableFromInline package var registry: CancellationRegistry { core.registry }

  /// The dependencies this store's reducer and effects read: a test store changes them mid-test.
  /// A store made from another reads and changes its root's.
  @usableFromInline package var dependencies: DependencyValues {
    get { core.dependencies }
    set { core.dependencies = newValue }
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
  var currentValue: Value { core.currentValue }

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
  /// queued action has been reduced. A store made by `view` or `scope` sends through its parent.
  ///
  /// Send from the store's own isolation (see <doc:StoresOnAnyActor>). A store made where Swift
  /// names no isolation (an actor's stored-property initializer or `init`) belongs to the isolation
  /// that first sends to it.
  ///
  /// - Returns: The effects this send started, to wait for or cancel (see ``StoreTask``).
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    // The send loop is `RootCore.send(_:from:)`, in RootCore.swift.
    core.send(action, from: self)
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
    if core.deduplicatesObservers { return addObserver(observer) }
    var last = currentValue
    return addObserver { newValue in
      guard newValue != last else { return }
      last = newValue
      observer(newValue)
    }
  }

  /// Adds `observer`; the subscription holds this store until it ends.
  @usableFromInline
  func addObserver(_ observer: @escaping (Value) -> Void) -> StoreSubscription {
    let id = core.addObserver(observer)
    // The closure runs on the store's isolation only (see `StoreSubscription.cancel()`).
    let store = UncheckedSendable(self)
    return StoreSubscription(on: registry.otherActor) { store.value.core.removeObserver(id) }
  }
}

/// A store, as its views reach its dependencies without knowing its types.
@usableFromInline
protocol DependencyHolder: AnyObject {
  var dependencies: DependencyValues { get set }
}

extension Store: DependencyHolder {}
