import Effectful
import Testing

/// A counter store: each action is added to the count.
@MainActor
private func makeCounter() -> Store<Int, Int> {
  Store(initialValue: 0) { (count: inout Int, delta: Int) in
    count += delta
    return []
  }
}

/// An owner that observes a store with `[unowned self]`, as an app's screen would.
@MainActor
private final class Screen {
  var rendered: [Int] = []
  var subscription: StoreSubscription?

  init(store: Store<Int, Int>) {
    subscription = store.subscribe { [unowned self] count in rendered.append(count) }
  }
}

@MainActor
@Suite("Store observer list")
struct StoreObserverListTests {
  @Test("An observer whose subscription another observer cancelled is not called in the same notification")
  func observerCancelledByAnotherIsNotCalled() {
    let store = makeCounter()
    var heard: [String] = []
    var second: StoreSubscription?
    let first = store.subscribe { _ in
      heard.append("first")
      second?.cancel()
    }
    second = store.subscribe { _ in heard.append("second") }
    store.send(1)
    store.send(1)
    #expect(heard == ["first", "first"])
    withExtendedLifetime(first) {}
  }

  @Test("An [unowned self] observer released by an earlier observer is never called")
  func releasedUnownedObserverIsNotCalled() {
    let store = makeCounter()
    var screen: Screen?
    let closer = store.subscribe { _ in
      // Dismissing the screen releases it and, with it, its subscription.
      screen?.subscription = nil
      screen = nil
    }
    screen = Screen(store: store)
    store.send(1)  // before the fix: the released screen's observer ran, and crashed
    #expect(screen == nil)
    withExtendedLifetime(closer) {}
  }

  @Test("An observer added during a notification hears the next one, not the current one")
  func observerAddedDuringNotificationWaits() {
    let store = makeCounter()
    var heard: [Int] = []
    var late: StoreSubscription?
    let early = store.subscribe { _ in
      if late == nil { late = store.subscribe { heard.append($0) } }
    }
    store.send(1)
    store.send(1)
    #expect(heard == [2])
    withExtendedLifetime((early, late)) {}
  }

  @Test("A view unsubscribed by another observer of its parent is not notified")
  func viewCancelledDuringParentNotification() {
    let store = makeCounter()
    let doubled = store.view(value: { $0 * 2 }, action: { $0 })
    var heard: [Int] = []
    var viewSubscription: StoreSubscription?
    let first = store.subscribe { _ in viewSubscription?.cancel() }
    viewSubscription = doubled.subscribe { heard.append($0) }
    store.send(1)
    #expect(heard.isEmpty)
    withExtendedLifetime(first) {}
  }
}
