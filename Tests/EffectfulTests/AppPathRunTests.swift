import Dispatch
import Testing

@testable import Effectful

/// `.run` effects as an app runs them: plain tasks on the global executor (a registry with no task
/// starter), whatever virtual time other tests in this process installed.
@MainActor
@Suite("The app's .run path")
struct AppPathRunTests {
  @Test("A store's own .run ends in its task: a thousand round trips, each finished, from other threads")
  func runsEndInTheirTasks() async {
    let store = Store<Int, Int>(
      initialValue: 0,
      reducer: { count, action in
        count += action
        return action == 0 ? [.run { send in await send(1) }] : []
      },
      registry: CancellationRegistry(taskStarter: nil))
    for _ in 0..<1_000 {
      let task = store.send(0)
      await task.finish()
    }
    #expect(store.value == 1_000)
    #expect(store.registry.runningCount == 0)
  }

  @Test("A .run inside a concatenation still ends on the main queue, where the next part starts")
  func concatenationContinuesOnTheMainQueue() async {
    let onMain = LockedValue<[Bool]>([])
    let store = Store<[Int], Int>(
      initialValue: [],
      reducer: { log, action in
        if action == 0 {
          return [
            .concatenate(
              .run { send in await send(1) },
              Effect<Int>.sync {
                onMain.withValue { $0.append(MainActorCheck.isOnMainActor) }
                return 2
              })
          ]
        }
        log.append(action)
        return []
      },
      registry: CancellationRegistry(taskStarter: nil))
    for _ in 0..<200 { await store.send(0).finish() }
    #expect(store.value.count == 400)
    #expect(onMain.withValue { $0 }.allSatisfy { $0 })
  }
}
