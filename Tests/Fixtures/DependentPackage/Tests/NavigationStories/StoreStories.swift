import Effectful
import Testing

/// The same stories on a plain store, as an app runs them.
@MainActor
@Suite struct StoreStories {
  let metronome = Metronome()

  func makeStore() -> Store<Root.State, Root.Action> {
    withDependencies { [metronome] in
      $0.metronome = metronome
    } operation: {
      Store(initialState: Root.State()) { Root() }
    }
  }

  @Test func presentTickDismissFromTheChildThenAnAlert() async throws {
    let store = makeStore()
    store.send(.showTimerTapped)
    let timer = store.send(.destination(.presented(.timer(.startTapped))))
    try await eventually { metronome.listening == 1 }
    metronome.tick()
    try await eventually { store.value.destination == .timer(TimerScreen.State(ticks: 1)) }
    #expect(store.value.destination == .timer(TimerScreen.State(ticks: 1)))

    store.send(.destination(.presented(.timer(.closeTapped))))
    try await eventually { store.value.destination == nil && metronome.stopped == 1 }
    #expect(store.value.destination == nil)
    #expect(metronome.stopped == 1)
    await timer.finish()

    store.send(.deleteTapped)
    #expect(store.value.destination == .alert(Root.deleteAlert))
    store.send(.destination(.presented(.alert(.confirmDeletion))))
    #expect(store.value.destination == nil)
    #expect(store.value.deletions == 1)
  }

  @Test func pushTickPopDismissAndAnOutOfOrderPush() async throws {
    let store = makeStore()
    store.send(.pushTimerTapped)
    let first = try #require(store.value.path.ids.last)
    let timer = store.send(.path(.element(id: first, action: .startTapped)))
    try await eventually { metronome.listening == 1 }
    metronome.tick()
    try await eventually { store.value.path[id: first]?.ticks == 1 }
    #expect(store.value.path[id: first]?.ticks == 1)

    store.send(.pushTimerTapped)
    let second = try #require(store.value.path.ids.last)
    store.send(.path(.element(id: second, action: .closeTapped)))
    try await eventually { store.value.path.ids == [first] }
    #expect(store.value.path.ids == [first])
    #expect(metronome.stopped == 0)

    // The pop cancels the first screen's timer.
    store.send(.path(.popFrom(id: first)))
    #expect(store.value.path.isEmpty)
    try await eventually { metronome.stopped == 1 }
    #expect(metronome.stopped == 1)
    await timer.finish()

    // An id out of order is reported on standard error and changes nothing.
    store.send(.path(.push(id: 1_000, state: TimerScreen.State())))
    #expect(store.value.path.isEmpty)
  }
}
