import Dispatch
import Effectful
import EffectfulEffectTestSupport
import EffectfulTesting
import Testing

/// What a `.run` effect and a `StoreTask` promise about the end of work, each found broken by the
/// outside review of the async dialect (issue 20, findings 6, 8 and 9), on a plain store with the
/// real main queue.
@MainActor
@Suite("Run lifecycle regressions")
struct RunLifecycleRegressionTests {
  private enum Action: Equatable, Sendable {
    case start, value(Int), onTask, loaded, tick
  }

  @Test("A Send called after the operation returned is dropped and reported, whenever it comes")
  func sendAfterReturnIsDroppedAtOnce() async {
    // A TestClock made first gives the test virtual time, which the plain store joins: its effect
    // runs on the store's own executor. The block the operation queues on the main queue is not an
    // effect, so it may run before the effect's end reaches the store or after `finish` returns
    // (one run in six saw the latter); either way the send comes after the operation returned.
    _ = TestClock()
    let store = Store(initialValue: [Action]()) { (log: inout [Action], action: Action) -> [Effect<Action>] in
      switch action {
      case .start:
        return [
          .run { send in
            DispatchQueue.main.async { Task { await send(.value(2)) } }
          }
        ]
      default:
        log.append(action)
        return []
      }
    }
    // The app's store would write the late send's report to standard error: kept to be read here.
    let reports = LockedValue<[String]>([])
    store.registry.runErrorReporter = { report in reports.withValue { $0.append(report.message) } }
    let task = store.send(.start)
    await task.finish()
    #expect(store.value == [])
    // Once the late send was made, it was reported and its output still dropped.
    #expect(await waitUntil(timeout: .seconds(30)) { reports.withValue { !$0.isEmpty } })
    #expect(reports.withValue { $0.map { $0.contains("after its operation had returned") } } == [true])
    #expect(store.value == [])
  }

  /// A store whose `.start` runs an operation that ignores cancellation for a while: it waits on a
  /// stream that never yields (cancellation ends the wait), then hops to the main actor ten times
  /// (behind whatever a too-early `finish()` resumed there) before it records that it returned.
  private func makeSlowToStopStore(returned: LockedValue<Bool>) -> Store<Int, Action> {
    Store(initialValue: 0) { _, action in
      guard action == .start else { return [] }
      return [
        .run { _ in
          let (never, keptOpen) = AsyncStream<Never>.makeStream()
          for await _ in never {}
          keptOpen.finish()
          for _ in 0..<10 { await MainActor.run {} }
          returned.withValue { $0 = true }
        }
      ]
    }
  }

  @Test("finish() after cancel() returns once the cancelled operation has returned")
  func finishAfterCancelWaitsForTheTask() async {
    let returned = LockedValue(false)
    let store = makeSlowToStopStore(returned: returned)
    let task = store.send(.start)
    task.cancel()
    await task.finish()
    #expect(returned.withValue { $0 })
    #expect(task.isCancelled)
  }

  @Test("finish() awaited in a task that is cancelled returns once the operation has returned")
  func cancelledWaiterWaitsForTheTask() async {
    let returned = LockedValue(false)
    let store = makeSlowToStopStore(returned: returned)
    let task = store.send(.start)
    let waiter = Task { await task.finish() }
    waiter.cancel()
    await waiter.value
    #expect(returned.withValue { $0 })
  }

  /// The screen of finding 9: `.onTask` loads, and `.loaded` starts a subscription that sends a
  /// `.tick` for each element of `ticks` and records when it ends.
  private func makeScreen(
    ticks: AsyncStream<Void>, subscriptionEnded: LockedValue<Bool>
  ) -> Store<[Action], Action> {
    Store(initialValue: []) { log, action in
      log.append(action)
      switch action {
      case .onTask:
        return [.run { send in await send(.loaded) }]
      case .loaded:
        return [
          .run { send in
            for await _ in ticks { await send(.tick) }
            subscriptionEnded.withValue { $0 = true }
          }
        ]
      default:
        return []
      }
    }
  }

  @Test("Cancelling the view's task stops the effects started by what its effects sent")
  func viewTaskCoversEffectsStartedByItsOutputs() async {
    let (ticks, tick) = AsyncStream<Void>.makeStream()
    let ended = LockedValue(false)
    let store = makeScreen(ticks: ticks, subscriptionEnded: ended)
    let view = Task { await store.send(.onTask).finish() }
    tick.yield()
    while !store.value.contains(.tick) { await Task.yield() }
    view.cancel()
    await view.value
    // The subscription was cancelled with the view, and finish() waited for it to wind down.
    #expect(ended.withValue { $0 })
    tick.yield()
    for _ in 0..<100 { await Task.yield() }
    #expect(store.value == [.onTask, .loaded, .tick])
  }

  @Test("finish() waits for the effects started by what the send's effects sent")
  func finishWaitsForEffectsStartedByOutputs() async {
    let (ticks, tick) = AsyncStream<Void>.makeStream()
    let ended = LockedValue(false)
    let store = makeScreen(ticks: ticks, subscriptionEnded: ended)
    tick.yield()
    tick.yield()
    tick.finish()
    await store.send(.onTask).finish()
    #expect(ended.withValue { $0 })
    #expect(store.value == [.onTask, .loaded, .tick, .tick])
  }
}
