import EffectfulEffectTestSupport
import Effectful
import Observation
import Testing

// Issue 36, item 18: a store and a view read in a tracked body were never freed once the test let
// them go. The registration that keeps a view alive for its reader held the view, the view held its
// parent, and nothing would ever change a store that nobody holds, so the reader was never told and
// its registration never ended.

private struct Screen: Equatable {
  var count = 0
  var title = "Counter"
}

private enum ScreenAction: Sendable {
  case increment
}

private let screenReducer: Reducer<Screen, ScreenAction> = { screen, action in
  switch action {
  case .increment: screen.count += 1
  }
  return []
}

private struct Weak<Object: AnyObject> {
  weak var object: Object?

  init(_ object: Object) { self.object = object }
}

private typealias ScreenStore = Store<Screen, ScreenAction>

@MainActor
private func makeStore() -> ScreenStore {
  Store(initialValue: Screen(), reducer: screenReducer)
}

@MainActor
@Suite("What a waiting reader keeps")
struct ReaderRegistrationLifetimeTests {
  @Test("A store whose fresh view a waiting reader read is freed when the test lets it go")
  func storeOfAFreshViewIsFreed() {
    var store: ScreenStore? = makeStore()
    let weakStore = Weak(store!)
    let heard = LockedValue(0)
    let weakView = withObservationTracking { () -> Weak<Store<Int, ScreenAction>> in
      let view = store!.view(value: { $0.count }, action: { $0 })
      _ = view.value
      return Weak(view)
    } onChange: {
      heard.withValue { $0 += 1 }
    }
    store = nil
    #expect(weakStore.object == nil)
    #expect(weakView.object == nil)
    // Nothing will change a store that is gone: its reader is told so, once, and lets go.
    #expect(heard.withValue { $0 } == 1)
  }

  @Test("A view the test held and read tracked goes, with its store, when the test lets both go")
  func heldViewAndItsStoreAreFreed() {
    var store: ScreenStore? = makeStore()
    let weakStore = Weak(store!)
    var view: Store<Int, ScreenAction>? = store!.view(value: { $0.count }, action: { $0 })
    let weakView = Weak(view!)
    withObservationTracking { _ = view!.value } onChange: {}
    store = nil
    // The view keeps its store while the test holds it. Nothing is sent: a change would tell the
    // reader, and a reader told lets go.
    #expect(weakStore.object != nil)
    #expect(view!.value == 0)
    view = nil
    #expect(weakView.object == nil)
    #expect(weakStore.object == nil)
  }

  @Test("A field read through a view of a view made in the body keeps neither store")
  func nestedFreshViewsAreFreed() {
    var store: ScreenStore? = makeStore()
    let weakStore = Weak(store!)
    withObservationTracking {
      _ = store!.view(value: { $0 }, action: { $0 }).view(value: { $0 }, action: { $0 }).title
    } onChange: {}
    store = nil
    #expect(weakStore.object == nil)
  }

  @Test("A body tracked until the test lets it and the store go keeps neither")
  func trackedBodyAndStoreAreFreed() {
    var store: ScreenStore? = makeStore()
    let weakStore = Weak(store!)
    var body: Tracker<Int>? = Tracker { [store = store!] in store.view(value: { $0 }, action: { $0 }).count }
    store!.send(.increment)
    #expect(body!.heard == [1])
    body = nil
    store = nil
    #expect(weakStore.object == nil)
  }

  @Test("While the store lives, a waiting reader of its fresh view is told only about its change")
  func waitingReaderStillHears() {
    let store = makeStore()
    let heard = LockedValue(0)
    withObservationTracking {
      _ = store.view(value: { $0.count }, action: { $0 }).value
    } onChange: {
      heard.withValue { $0 += 1 }
    }
    #expect(heard.withValue { $0 } == 0)
    store.send(.increment)
    #expect(heard.withValue { $0 } == 1)
  }
}
