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

/// A SwiftUI view's body, as far as Observation sees it: evaluated once inside
/// `withObservationTracking`, then again each time that tracking is told about a change. The body
/// keeps nothing between evaluations, so a store it makes is new each time.
@MainActor
private final class Body<Value> {
  private(set) var rendered: [Value] = []
  private let body: @MainActor () -> Value

  init(_ body: @escaping @MainActor () -> Value) {
    self.body = body
    evaluate()
  }

  private func evaluate() {
    let value = withObservationTracking {
      body()
    } onChange: { [weak self] in
      MainActor.assumeIsolated { self?.evaluate() }
    }
    rendered.append(value)
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
    let heard = LockedValue(0)
    withObservationTracking {
      _ = store.view(value: { $0.count }, action: { $0 }).value
    } onChange: {
      heard.withValue { $0 += 1 }
    }
    store.send(.increment)
    #expect(heard.withValue { $0 } == 1)
    // Trackers are one-shot: nobody read again, so nobody is told again.
    store.send(.increment)
    #expect(heard.withValue { $0 } == 1)
  }

  @Test("A parent send that leaves the fresh view's Equatable value equal tells nobody")
  func freshViewIgnoresOtherChanges() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    let heard = LockedValue(0)
    withObservationTracking {
      _ = store.view(value: { $0.count }, action: { $0 }).value
    } onChange: {
      heard.withValue { $0 += 1 }
    }
    store.send(.rename("Primes"))
    #expect(heard.withValue { $0 } == 0)
    // Still listening: the change to its own value comes through.
    store.send(.increment)
    #expect(heard.withValue { $0 } == 1)
  }

  @Test("A body re-evaluated after a change makes a new view, and hears the next change through it")
  func reEvaluatedBodyHearsAgain() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    let body = Body { store.view(value: { $0.count }, action: { $0 }).value }
    store.send(.increment)
    store.send(.rename("Primes"))
    store.send(.increment)
    store.send(.increment)
    #expect(body.rendered == [0, 1, 2, 3])
  }

  @Test("A view of a view, both made in the body, hears its own changes only")
  func freshNestedViews() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    let body = Body {
      store.view(value: { $0 }, action: { $0 }).view(value: { $0.title }, action: { $0 }).value
    }
    store.send(.increment)
    store.send(.rename("Primes"))
    #expect(body.rendered == ["Counter", "Primes"])
  }

  @Test("A fresh view's trackers keep it alive until they are told, and no longer")
  func freshViewLivesAsLongAsItsTracker() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    weak var made: Store<Int, ScreenAction>?
    withObservationTracking {
      let view = store.view(value: { $0.count }, action: { $0 })
      made = view
      _ = view.value
    } onChange: {
    }
    store.send(.rename("Primes"))
    #expect(made != nil)
    store.send(.increment)
    #expect(made == nil)
  }

  @Test("A fresh view read outside any tracking scope is not kept")
  func untrackedFreshViewIsFreed() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    weak var made: Store<Int, ScreenAction>?
    do {
      let view = store.view(value: { $0.count }, action: { $0 })
      made = view
      _ = view.value
    }
    #expect(made == nil)
    store.send(.increment)
    #expect(store.value.count == 1)
  }

  @Test("A body re-evaluated for other reasons a thousand times leaves its parent one view to compute")
  func staleViewsCostNothing() {
    let store = Store(initialValue: Screen(), reducer: screenReducer)
    let other = Store(initialValue: Screen(), reducer: screenReducer)
    let calls = Calls()
    let body = Body {
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
    #expect(body.rendered.count == 1_001)
    calls.count = 0
    store.send(.rename("Primes"))
    #expect(calls.count == 1)
  }
}
