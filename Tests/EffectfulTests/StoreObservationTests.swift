import EffectfulEffectTestSupport
import Effectful
import Observation
import Testing

private struct Screen: Equatable {
  var count = 0
  var title = "Counter"
}

/// Not `Equatable`: the store cannot tell a change from a no-op.
private struct Opaque {
  var count = 0
}

private enum ScreenAction: Sendable {
  case increment
  case decrement
  case rename(String)
  case noop
  /// Increments, then sends `chain(remaining - 1)` synchronously until 0.
  case chain(Int)
}

private let screenReducer: Reducer<Screen, ScreenAction> = { screen, action in
  switch action {
  case .increment: screen.count += 1
  case .decrement: screen.count -= 1
  case .rename(let title): screen.title = title
  case .noop: break
  case .chain(let remaining):
    screen.count += 1
    return remaining > 1 ? [.send(.chain(remaining - 1))] : []
  }
  return []
}

private let opaqueReducer: Reducer<Opaque, ScreenAction> = { value, action in
  if case .increment = action { value.count += 1 }
  return []
}

/// The store's count as an async sequence; its closure runs on the main actor, where it was made.
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, *)
@MainActor
private func counts(of store: Store<Screen, ScreenAction>) -> Observations<Int, Never> {
  Observations { store.value.count }
}

/// Iterates the store's count off the main actor until it reaches `target`.
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, *)
private func waitForCount(_ target: Int, of store: UncheckedSendable<Store<Screen, ScreenAction>>) async {
  for await count in await counts(of: store.value) where count == target { return }
}

/// Sends `count` increments, letting other tasks run between them.
@MainActor
private func sendIncrements(_ count: Int, to store: Store<Screen, ScreenAction>) async {
  for _ in 0..<count {
    store.send(.increment)
    await Task.yield()
  }
}

@MainActor
@Suite("Store observation")
struct StoreObservationTests {
  @Test("A send that changes the value notifies once, and the tracker reads the new value")
  func oneNotificationPerChange() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    let tracker = Tracker { store.value.count }
    store.send(.increment)
    store.send(.increment)
    #expect(tracker.heard == [1, 2])
  }

  @Test("A chain of a thousand synchronous actions notifies once, after the last")
  func chainNotifiesOnce() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    let tracker = Tracker { store.value.count }
    store.send(.chain(1_000))
    #expect(store.value.count == 1_000)
    #expect(tracker.heard == [1_000])
  }

  @Test("For an Equatable value, a send that leaves it equal notifies nobody")
  func equalValueNotifiesNobody() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    let tracker = Tracker { store.value }
    store.send(.noop)
    store.send(.rename("Counter"))  // same title
    #expect(tracker.heard.isEmpty)
    store.send(.increment)
    #expect(tracker.heard.map(\.count) == [1])
  }

  @Test("A value changed and changed back within one send notifies nobody")
  func changedBackWithinOneSend() {
    let reducer: Reducer<Screen, ScreenAction> = { screen, action in
      if case .increment = action {
        screen.count += 1
        return [.send(.decrement)]
      }
      return screenReducer(&screen, action)
    }
    let store = Store(initialValue: Screen(), reducer: reducer)
    let tracker = Tracker { store.value.count }
    store.send(.increment)
    #expect(tracker.heard.isEmpty)
  }

  @Test("A value that is not Equatable notifies after every send")
  func opaqueValueNotifiesEverySend() {
    let store = Store(initialValue: Opaque(), reducer: opaqueReducer)
    let tracker = Tracker { store.value.count }
    store.send(.noop)
    store.send(.increment)
    #expect(tracker.heard == [0, 1])
  }

  @Test("A read outside any tracking scope costs a notification nobody hears, and no more")
  func untrackedReadIsHarmless() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    _ = store.value
    store.send(.increment)
    store.send(.increment)
    let tracker = Tracker { store.value.count }
    store.send(.increment)
    #expect(tracker.heard == [3])
  }

  @Test("A view notifies only when its own value changes, never for the rest of its parent")
  func viewIsScoped() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    let countView = store.view(value: { $0.count }, action: { $0 })
    let titleView = store.view(value: { $0.title }, action: { $0 })
    let countTracker = Tracker { countView.value }
    let titleTracker = Tracker { titleView.value }
    let rootTracker = Tracker { store.value }
    store.send(.rename("Primes"))
    store.send(.increment)
    countView.send(.increment)
    store.send(.rename("Primes"))  // no change anywhere
    #expect(countTracker.heard == [1, 2])
    #expect(titleTracker.heard == ["Primes"])
    #expect(rootTracker.heard.count == 3)
  }

  @Test("A view of a view is scoped too, and a chain through a view notifies it once")
  func nestedViews() {
    struct App: Equatable { var screen = Screen(); var other = 0 }
    enum AppAction: Sendable { case screen(ScreenAction), other }
    let reducer: Reducer<App, AppAction> = { app, action in
      switch action {
      case .screen(let action): return screenReducer(&app.screen, action).map { $0.map(AppAction.screen) }
      case .other:
        app.other += 1
        return []
      }
    }
    let store = Store(initialValue: App(), reducer: reducer)
    let screenView = store.view(value: { $0.screen }, action: { AppAction.screen($0) })
    let countView = screenView.view(value: { $0.count }, action: { $0 })
    let countTracker = Tracker { countView.value }
    store.send(.other)
    screenView.send(.rename("Primes"))
    #expect(countTracker.heard.isEmpty)
    countView.send(.chain(50))
    #expect(countTracker.heard == [50])
  }

  @Test("Making a view reads nothing for Observation: a tracker that only makes views is not told")
  func makingAViewIsNotARead() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    var made: [Store<Int, ScreenAction>] = []
    let heard = Collected<String>()
    withObservationTracking {
      // What a SwiftUI body does when it hands a child view its store.
      made.append(store.view(value: { $0.count }, action: { $0 }))
    } onChange: {
      heard.append("changed")
    }
    store.send(.increment)
    #expect(heard.values.isEmpty)
    #expect(made.first?.value == 1)
  }

  @Test("A view whose local value is not Equatable hears every send of its parent")
  func opaqueViewHearsEverySend() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    let pair = store.view(value: { (count: $0.count, title: $0.title) }, action: { $0 })
    let tracker = Tracker { pair.value.count }
    store.send(.noop)
    #expect(tracker.heard == [0])
  }

  @Test("subscribe keeps working alongside, with its own rules")
  func subscribeAlongside() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    var subscribed: [Int] = []
    let subscription = store.subscribe { subscribed.append($0.count) }
    let tracker = Tracker { store.value.count }
    store.send(.chain(3))
    store.send(.noop)
    #expect(subscribed == [1, 2, 3])  // each action that changed the value
    #expect(tracker.heard == [3])  // each send that changed it
    subscription.cancel()
  }

  @Test("What a tracker sends while being told is reduced in the same send, without recursion")
  func trackerSendsWhileNotified() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    // A store is not Sendable; the tracker is told on the main actor, the store's.
    nonisolated(unsafe) let told = store
    withObservationTracking {
      _ = store.value
    } onChange: {
      MainActor.assumeIsolated { _ = told.send(.rename("Told")) }
    }
    let tracker = Tracker { store.value.title }
    store.send(.increment)
    #expect(store.value == Screen(count: 1, title: "Told"))
    #expect(tracker.heard == ["Counter", "Told"])
  }

  @Test("A released view lives while its tracker waits, and its parent drops it once it is told")
  func releasedViewIsDropped() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    let heard = LockedValue(0)
    var computed = 0
    do {
      let countView = store.view(
        value: { screen -> Int in
          computed += 1
          return screen.count
        }, action: { $0 })
      withObservationTracking {
        _ = countView.value
      } onChange: {
        heard.withValue { $0 += 1 }
      }
    }
    store.send(.increment)
    #expect(heard.withValue { $0 } == 1)
    computed = 0
    store.send(.increment)
    #expect(computed == 0)
    #expect(store.value.count == 2)
  }

  // No time limit: on a loaded machine the main actor may be busy with other suites' work for a
  // while, and every task here waits for it. The iteration ends for sure: it either reads the final
  // count or is registered before the change to it.
  @Test("Trackers registered from other threads do not race the store")
  func trackersFromOtherThreads() async {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    // A store is not Sendable: the tasks below only touch it on the main actor, its isolation.
    let shared = UncheckedSendable(store)
    let sends = 100
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<3 {
        group.addTask {
          for _ in 0..<sends {
            await MainActor.run {
              withObservationTracking {
                _ = shared.value.value.count
              } onChange: {
              }
            }
          }
        }
      }
      if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, *) {
        group.addTask { await waitForCount(sends, of: shared) }
      }
      group.addTask { await sendIncrements(sends, to: shared.value) }
    }
    #expect(store.value.count == sends)
  }
}
