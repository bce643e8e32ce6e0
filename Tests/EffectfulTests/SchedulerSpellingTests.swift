import Dispatch
import Effectful
import EffectfulEffectTestSupport
import Testing

/// The ways the episode and its users name a scheduler, as arguments to `some Scheduler`.
@Suite("Scheduler spellings")
struct SchedulerSpellingTests {
  @MainActor @Test func receiveOnDotMainDeliversOnTheMainActor() async {
    let store = Store(initialValue: [Int](), reducer: spellingReducer)
    store.send(.start)
    #expect(await waitUntil { store.value.count == 3 })
    #expect(store.value.sorted() == [1, 2, 3])
  }

  @Test func immediateRunsAtOnce() {
    let outputs = Collected<Int>()
    Effect.send(1).delay(for: .seconds(5), scheduler: .immediate).run { outputs.append($0) }
    #expect(outputs.values == [1])
  }
}

private enum SpellingAction: Sendable {
  case start
  case got(Int)
}

/// Each effect hops to another queue first, so arriving at all proves the hop back to the main queue.
private let spellingReducer: Reducer<[Int], SpellingAction> = { state, action in
  switch action {
  case .start:
    return [
      Effect.send(1).delay(for: .zero, scheduler: .global()).receive(on: .main).map(SpellingAction.got),
      Effect.send(2).delay(for: .zero, scheduler: .global(qos: .utility)).receive(on: DispatchQueue.main)
        .map(SpellingAction.got),
      Effect.send(3).delay(for: .milliseconds(1), scheduler: .main).map(SpellingAction.got),
    ]
  case .got(let value):
    state.append(value)
    return []
  }
}
