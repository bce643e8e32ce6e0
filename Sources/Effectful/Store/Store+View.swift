extension Store {
  /// A store for a part of this one: it reads its value through this store and sends its actions
  /// through it.
  ///
  /// ```swift
  /// let counterStore = appStore.view(
  ///   value: { $0.counterView },
  ///   action: { .counterView($0) }
  /// )
  /// counterStore.send(.incrementButtonTapped)   // reaches appStore as .counterView(.incrementButtonTapped)
  /// ```
  ///
  /// A view costs its parent nothing until somebody subscribes to it; then it recomputes its value
  /// once per parent change. The view keeps its parent alive.
  public func view<LocalValue, LocalAction>(
    value toLocalValue: @escaping (Value) -> LocalValue,
    action toGlobalAction: @escaping (LocalAction) -> Action
  ) -> Store<LocalValue, LocalAction> {
    makeView(toLocalValue, toGlobalAction, isDuplicate: nil)
  }

  /// A store for a part of this one whose observers hear only real changes of that part.
  ///
  /// ```swift
  /// let countStore = appStore.view(value: { $0.count }, action: { $0 })
  /// let subscription = countStore.subscribe { print("count changed to \($0)") }
  /// appStore.send(.favoritesLoaded([2, 3]))   // count unchanged: prints nothing
  /// ```
  public func view<LocalValue: Equatable, LocalAction>(
    value toLocalValue: @escaping (Value) -> LocalValue,
    action toGlobalAction: @escaping (LocalAction) -> Action
  ) -> Store<LocalValue, LocalAction> {
    makeView(toLocalValue, toGlobalAction, isDuplicate: { $0 == $1 })
  }

  private func makeView<LocalValue, LocalAction>(
    _ toLocalValue: @escaping (Value) -> LocalValue,
    _ toGlobalAction: @escaping (LocalAction) -> Action,
    isDuplicate: ((LocalValue, LocalValue) -> Bool)?
  ) -> Store<LocalValue, LocalAction> {
    let scoped = ScopedCore<LocalValue, LocalAction>(
      currentValue: { [self] in toLocalValue(self.value) },
      sendToParent: { [self] in self.send(toGlobalAction($0)) },
      observeParent: { [self] localObserver in
        self.subscribe { parentValue in localObserver(toLocalValue(parentValue)) }
      },
      isDuplicate: isDuplicate)
    return Store<LocalValue, LocalAction>(core: .scoped(scoped))
  }
}

/// The state of a store made by `view`: closures into its parent, and its own observers.
@MainActor
@usableFromInline
final class ScopedCore<Value, Action> {
  @usableFromInline let currentValue: () -> Value
  @usableFromInline let sendToParent: (Action) -> Void
  let observeParent: (@escaping (Value) -> Void) -> StoreSubscription
  let isDuplicate: ((Value, Value) -> Bool)?
  var observers = ObserverList<Value>()
  /// Held only while this view has observers, so an unobserved view costs its parent nothing.
  var parentSubscription: StoreSubscription?
  var lastValue: Value?

  init(
    currentValue: @escaping () -> Value,
    sendToParent: @escaping (Action) -> Void,
    observeParent: @escaping (@escaping (Value) -> Void) -> StoreSubscription,
    isDuplicate: ((Value, Value) -> Bool)?
  ) {
    self.currentValue = currentValue
    self.sendToParent = sendToParent
    self.observeParent = observeParent
    self.isDuplicate = isDuplicate
  }

  func addObserver(_ observer: @escaping (Value) -> Void) -> Int {
    let id = observers.insert(observer)
    if parentSubscription == nil {
      if isDuplicate != nil { lastValue = currentValue() }
      parentSubscription = observeParent { [weak self] value in self?.parentChanged(value) }
    }
    return id
  }

  func removeObserver(_ id: Int) {
    observers.remove(id)
    if observers.isEmpty {
      parentSubscription?.cancel()
      parentSubscription = nil
      lastValue = nil
    }
  }

  private func parentChanged(_ value: Value) {
    if let isDuplicate {
      if let lastValue, isDuplicate(lastValue, value) { return }
      lastValue = value
    }
    observers.notify(value)
  }
}
