import Dispatch
import Effectful
import Testing

/// A clock whose time moves only when the test moves it. Its sleeps end only by cancellation: the
/// tests here look at what passes at once, never at what a wait lets through later.
private struct ManualClock: Clock {
  struct Instant: InstantProtocol {
    var sinceStart: Duration

    func advanced(by duration: Duration) -> Instant { Instant(sinceStart: sinceStart + duration) }
    func duration(to other: Instant) -> Duration { other.sinceStart - sinceStart }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.sinceStart < rhs.sinceStart }
  }

  private let time = LockedValue(Instant(sinceStart: .zero))

  var now: Instant { time.withValue { $0 } }
  var minimumResolution: Duration { .zero }

  func advance(by duration: Duration) {
    time.withValue { $0 = $0.advanced(by: duration) }
  }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    // An empty stream's iteration ends when the task is cancelled, and not before.
    let neverYields = AsyncStream<Never> { _ in }
    for await _ in neverYields {}
    throw CancellationError()
  }
}

private enum Tap: Sendable {
  case tapped(Int)
  case passed(Int)
}

/// The clock form of `throttle` on a clock that is not a scheduler (as `ContinuousClock` in an app):
/// each reducer call makes a scheduler of its own, and they must agree on when an output last passed.
@MainActor
@Suite("Throttle on a clock")
struct ClockThrottleTests {
  /// Lets every block already on the main queue run: the outputs that passed are delivered there.
  private func mainQueueDrained() async {
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
  }

  @Test("Reducer calls at different times measure the throttle's interval from one origin")
  func successiveReducerCallsShareTheLastEmissionTime() async {
    let clock = ManualClock()
    let store = Store(initialValue: [Int]()) { (passed: inout [Int], action: Tap) -> [Effect<Tap>] in
      switch action {
      case .tapped(let number):
        return [
          Effect.send(.passed(number))
            .throttle(id: "tap", for: .seconds(10), clock: clock, latest: true)
        ]
      case .passed(let number):
        passed.append(number)
        return []
      }
    }
    store.send(.tapped(1))
    await mainQueueDrained()
    #expect(store.value == [1], "the first output passes at once")

    clock.advance(by: .seconds(100))
    store.send(.tapped(2))
    await mainQueueDrained()
    #expect(store.value == [1, 2], "100 s after the last one passed, an output passes at once")

    clock.advance(by: .seconds(1))
    store.send(.tapped(3))
    await mainQueueDrained()
    #expect(store.value == [1, 2], "1 s after the last one passed, an output is held")
  }
}
