import EffectfulEffectTestSupport
import Effectful
import Observation
import Testing

private struct Screen: Equatable {
  var count = 0
  var title = "Counter"
}

private enum ScreenAction: Sendable {
  case increment
  case rename(String)
}

private let screenReducer: Reducer<Screen, ScreenAction> = { screen, action in
  switch action {
  case .increment: screen.count += 1
  case .rename(let title): screen.title = title
  }
  return []
}

/// Registers one tracked closure that makes a view of the count and reads it, keeping nothing, and
/// returns how many times it is told about a change.
@MainActor
private func trackCountOfFreshView(of store: Store<Screen, ScreenAction>) -> LockedValue<Int> {
  let heard = LockedValue(0)
  withObservationTracking {
    _ = store.view(value: { $0.count }, action: { $0 }).value
  } onChange: {
    heard.withValue { $0 += 1 }
  }
  return heard
}

/// Makes a view of the count and reads it, keeping only a weak reference to it, which it returns.
@MainActor
private func readFreshView(of store: Store<Screen, ScreenAction>) -> Weak<Store<Int, ScreenAction>> {
  let view = store.view(value: { $0.count }, action: { $0 })
  _ = view.value
  return Weak(view)
}

private struct Weak<Object: AnyObject> {
  weak var object: Object?

  init(_ object: Object) { self.object = object }
}

/// Something else a body reads, changed on another thread.
private final class Elsewhere: Observable, Sendable {
  private let registrar = ObservationRegistrar()

  var value: Int {
    registrar.access(self, keyPath: \.value)
    return 0
  }

  func change() {
    registrar.withMutation(of: self, keyPath: \.value) {}
  }
}

/// Counts the calls of a view's value transform: the work a parent's send does for its views.
@MainActor
private final class Calls {
  var count = 0
}

@MainActor
@Suite("Views made in a tracked body")
struct ViewsMadeInBodyTests {
  @Test("A view made and read in a tracked closure hears the parent change its value, once")
  func freshViewHearsItsChange() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    let heard = trackCountOfFreshView(of: store)
    store.send(.increment)
    #expect(heard.withValue { $0 } == 1)
    // Trackers are one-shot: nobody read again, so nobody is told again.
    store.send(.increment)
    #expect(heard.withValue { $0 } == 1)
  }

  @Test("A parent send that leaves the fresh view's Equatable value equal tells nobody")
  func freshViewIgnoresOtherChanges() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    let heard = trackCountOfFreshView(of: store)
    store.send(.rename("Primes"))
    #expect(heard.withValue { $0 } == 0)
    // Still listening: the change to its own value comes through.
    store.send(.increment)
    #expect(heard.withValue { $0 } == 1)
  }

  @Test("A body re-evaluated after a change makes a new view, and hears the next change through it")
  func reEvaluatedBodyHearsAgain() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    let body = Tracker { store.view(value: { $0.count }, action: { $0 }).value }
    store.send(.increment)
    store.send(.rename("Primes"))
    store.send(.increment)
    store.send(.increment)
    #expect(body.heard == [1, 2, 3])
  }

  @Test("A view of a view, both made in the body, hears its own changes only")
  func freshNestedViews() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    let body = Tracker {
      store.view(value: { $0 }, action: { $0 }).view(value: { $0.title }, action: { $0 }).value
    }
    store.send(.increment)
    store.send(.rename("Primes"))
    #expect(body.heard == ["Primes"])
  }

  @Test("A fresh view's store goes with the body; its tracker still hears its change, once")
  func freshViewStoreGoesButTrackerHears() {
    // The tracker keeps what tells it (the view's observation), not the view's store, which holds
    // the parent: see `ReaderRegistrationLifetimeTests`.
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    let heard = LockedValue(0)
    let made = withObservationTracking {
      readFreshView(of: store)
    } onChange: {
      heard.withValue { $0 += 1 }
    }
    #expect(made.object == nil)
    store.send(.rename("Primes"))
    #expect(heard.withValue { $0 } == 0)
    store.send(.increment)
    #expect(heard.withValue { $0 } == 1)
  }

  @Test("A tracker told on another thread about something else lets its fresh view go")
  func trackerToldElsewhereLetsGo() async {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    let elsewhere = Elsewhere()
    let made = withObservationTracking {
      _ = elsewhere.value
      return readFreshView(of: store)
    } onChange: {
    }
    await Task.detached { elsewhere.change() }.value
    #expect(made.object == nil)
    store.send(.increment)
    #expect(store.value.count == 1)
  }

  @Test("A fresh view read outside any tracking scope is not kept")
  func untrackedFreshViewIsFreed() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    let made = readFreshView(of: store)
    #expect(made.object == nil)
    store.send(.increment)
    #expect(store.value.count == 1)
  }

  @Test("A body re-evaluated for other reasons a thousand times leaves its parent one view to compute")
  func staleViewsCostNothing() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    let other = Store(initialValue: Screen(), reducer: screenReducer)
    let calls = Calls()
    let body = Tracker {
      let count = store.view(
        value: { screen -> Int in
          calls.count += 1
          return screen.count
        }, action: { $0 }
      ).value
      return (count, other.value.count)
    }
    // Each change of `other` re-evaluates the body, which makes a new view of `store`; the tracking
    // that read the old one is over, so the old view is gone with it.
    for _ in 0..<1_000 { other.send(.increment) }
    #expect(body.heard.count == 1_000)
    calls.count = 0
    store.send(.rename("Primes"))
    #expect(calls.count == 1)
  }
}
