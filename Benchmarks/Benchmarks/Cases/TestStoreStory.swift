import Effectful
import EffectfulTesting
import Foundation

/// `testStore.story1000`: what the test machinery costs. One story of ten steps on one `TestClock`
/// (a `.run` timer, a debounced async search, a callback delay), told by an exhaustive `TestStore`,
/// against the same story on a plain `Store` made beside the same clock, driven by hand: the same
/// sends and advances, the state checked with `==` instead of `receive`. One iteration tells it a
/// thousand times, each on a fresh store and clock, so the figure per operation is one story.
///
/// Both contenders run their async story in a task and the main run loop until it is done, as the
/// rest of this executable waits for main-actor work.
@MainActor
enum TestStoreStory {
  nonisolated static let storiesPerIteration = 1_000

  struct State: Equatable {
    var ticks = 0
    var query = ""
    var results: [String] = []
    var saved = false
  }

  enum Action: Equatable, Sendable {
    case toggleTimer, tick
    case queryChanged(String), response([String])
    case save, saved
  }

  enum TimerID: Hashable, Sendable { case timer }
  enum SearchID: Hashable, Sendable { case search }

  static func reducer(clock: TestClock) -> Reducer<State, Action> {
    { state, action in
      switch action {
      case .toggleTimer:
        guard state.ticks == 0 else { return .cancel(id: TimerID.timer) }
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
        .cancellable(id: TimerID.timer)
      case .tick:
        state.ticks += 1
        return .none
      case .queryChanged(let query):
        state.query = query
        return .run { send in await send(.response([query + "!"])) }
          .debounce(id: SearchID.search, for: .milliseconds(300), clock: clock)
      case .response(let results):
        state.results = results
        return .none
      case .save:
        return [Effect.send(.saved).delay(for: .milliseconds(100), scheduler: clock)]
      case .saved:
        state.saved = true
        return .none
      }
    }
  }

  /// The story, told by a test store: every step described and every action received.
  static func tellWithATestStore() async {
    let clock = TestClock()
    let store = TestStore(initialValue: State(), reducer: reducer(clock: clock))
    store.send(.toggleTimer)
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    store.send(.toggleTimer)
    store.send(.queryChanged("e")) { $0.query = "e" }
    store.send(.queryChanged("ef")) { $0.query = "ef" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.response(["ef!"])) { $0.results = ["ef!"] }
    store.send(.save)
    await clock.advance(by: .milliseconds(100))
    await store.receive(.saved) { $0.saved = true }
    await store.finish()
  }

  /// The same story on a plain store, checked by hand.
  static func tellWithAPlainStore() async {
    let clock = TestClock()
    let store = Store(initialValue: State(), reducer: reducer(clock: clock))
    store.send(.toggleTimer)
    await clock.advance(by: .seconds(2))
    precondition(store.value.ticks == 2)
    store.send(.toggleTimer)
    store.send(.queryChanged("e"))
    store.send(.queryChanged("ef"))
    await clock.advance(by: .milliseconds(300))
    precondition(store.value.results == ["ef!"])
    store.send(.save)
    await clock.advance(by: .milliseconds(100))
    precondition(store.value.saved)
  }

  static var effectful: WorkloadFactory {
    { { iterations in tell(iterations, tellWithATestStore) } }
  }

  static var bare: WorkloadFactory {
    { { iterations in tell(iterations, tellWithAPlainStore) } }
  }

  private static func tell(_ iterations: Int, _ story: @escaping @MainActor () async -> Void) {
    let done = DoneFlag()
    Task { @MainActor in
      for _ in 0..<iterations * storiesPerIteration { await story() }
      done.isDone = true
    }
    while !done.isDone {
      _ = RunLoop.main.run(mode: .default, before: .distantFuture)
    }
  }

  @MainActor
  private final class DoneFlag {
    var isDone = false
  }
}
