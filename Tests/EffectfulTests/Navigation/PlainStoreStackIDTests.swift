import Effectful
import Testing

/// A plain store in a test process hands out each stack id once, whatever values it was made with:
/// its test values (the id counter among them) are kept per store, not read afresh at each push.
@MainActor
@Suite("Navigation: a plain store's stack ids in a test")
struct PlainStoreStackIDTests {
  @Test("Made with the defaults: after two pushes and two pops, the next push takes id 2")
  func defaults() {
    let store = Store(initialState: NavRoot.State(), reducer: { NavRoot() })
    #expect(Self.idsAfterTwoPushesTwoPopsAndAPush(store) == [2])
  }

  @Test("Made with one value overridden: the other values still count across the story")
  func oneOverride() {
    let store = withDependencies {
      $0.continuousClock = ImmediateClock()
    } operation: {
      Store(initialState: NavRoot.State(), reducer: { NavRoot() })
    }
    #expect(Self.idsAfterTwoPushesTwoPopsAndAPush(store) == [2])
  }

  private static func idsAfterTwoPushesTwoPopsAndAPush(_ store: StoreOf<NavRoot>) -> [StackElementID] {
    store.send(.pushTimer(id: 1))
    store.send(.pushTimer(id: 2))
    for id in store.value.path.ids.reversed() { store.send(.path(.popFrom(id: id))) }
    store.send(.pushTimer(id: 3))
    return Array(store.value.path.ids)
  }
}
