/// The episode's store, ported without Combine: `send` reduces and runs effects recursively, and views
/// are stores of their own that every parent change updates.
///
/// ```swift
/// let store = Store(initialValue: 0, reducer: { (count: inout Int, _: Void) in count += 1; return [] })
/// let token = store.subscribe { print($0) }
/// store.send(())  // 1
/// ```
///
/// Kept deliberately naive, as the baseline the benchmarks measure Effectful against:
/// - `send` runs each effect with `send` itself as the callback, so a synchronous chain of actions
///   recurses, one set of frames per action, until the stack overflows;
/// - every view subscribes to its parent when it is made and recomputes its value on every parent
///   change, whether or not anyone observes it and whether or not its part changed;
/// - nothing is `@inlinable`, so a client gets the unspecialized generic code, as with any library
///   that does not opt in.
public final class Store<Value, Action> {
  private let reducer: Reducer<Value, Action>
  /// In subscription order, as a plain array: the container is not what is being compared.
  private var observers: [(id: Int, observe: (Value) -> Void)] = []
  private var nextObserverID = 0
  /// A view's subscription to its parent (the episode's `viewCancellable`).
  private var parentSubscription: Subscription?

  /// The current value; setting it tells every observer, like the episode's `@Published`.
  public private(set) var value: Value {
    didSet {
      for observer in observers { observer.observe(value) }
    }
  }

  /// Creates a store from an initial value and its reducer.
  ///
  /// ```swift
  /// let store = Store(initialValue: AppState(), reducer: appReducer)
  /// ```
  public init(initialValue: Value, reducer: @escaping Reducer<Value, Action>) {
    self.value = initialValue
    self.reducer = reducer
  }

  /// Reduces `action`, then runs each effect with `send` as its callback, recursively.
  ///
  /// ```swift
  /// store.send(.incrementButtonTapped)
  /// ```
  public func send(_ action: Action) {
    // As through the episode's `@Published` property, the reducer mutates a copy that is written back
    // (and announced) when it returns. Mutating in place would trap: a view's reducer sends to its
    // parent, whose change is written into the view while the view's own reducer is still running.
    var newValue = value
    let effects = reducer(&newValue, action)
    value = newValue
    for effect in effects {
      effect.run(self.send)
    }
  }

  /// A store for part of this one. It subscribes to this store at once and copies its part of every
  /// new value, observed or not, changed or not.
  ///
  /// ```swift
  /// let counterStore = appStore.view(value: { $0.counter }, action: { .counter($0) })
  /// ```
  public func view<LocalValue, LocalAction>(
    value toLocalValue: @escaping (Value) -> LocalValue,
    action toGlobalAction: @escaping (LocalAction) -> Action
  ) -> Store<LocalValue, LocalAction> {
    let localStore = Store<LocalValue, LocalAction>(
      initialValue: toLocalValue(value),
      reducer: { localValue, localAction in
        self.send(toGlobalAction(localAction))
        localValue = toLocalValue(self.value)
        return []
      })
    localStore.parentSubscription = subscribe { [weak localStore] newValue in
      localStore?.value = toLocalValue(newValue)
    }
    return localStore
  }

  /// Calls `observer` with every new value until the returned subscription is cancelled or released.
  ///
  /// ```swift
  /// let subscription = store.subscribe { render($0) }
  /// ```
  public func subscribe(_ observer: @escaping (Value) -> Void) -> Subscription {
    nextObserverID += 1
    let id = nextObserverID
    observers.append((id, observer))
    return Subscription { [weak self] in self?.observers.removeAll { $0.id == id } }
  }
}

/// An observation of a ``Store`` that ends when cancelled or released.
///
/// ```swift
/// var subscription: Subscription? = store.subscribe { print($0) }
/// subscription = nil  // stops observing
/// ```
public final class Subscription {
  private var onCancel: (() -> Void)?

  init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  /// Stops observing; calling it again does nothing.
  public func cancel() {
    onCancel?()
    onCancel = nil
  }

  deinit {
    cancel()
  }
}
