import Dispatch
import Effectful
import EffectfulEffectTestSupport
import EffectfulTesting
import Foundation
import Testing

private enum Action: Equatable, Sendable {
  case start(Int)
  case cancel(Int)
  case output(Int)
}

private struct RaceState {
  var cancelled: Set<Int> = []
  var delivered = 0
  var late = 0
}

@MainActor
@Suite("Cancellation")
struct CancellationTests {
  @Test func cancelStopsATimerAndReleasesIt() {
    let scheduler = TestScheduler()
    let store = Store(initialValue: 0) { (count: inout Int, action: Action) in
      switch action {
      case .start:
        return [Effect.timer(id: "t", every: .seconds(1), on: scheduler).map { _ in .output(1) }]
      case .cancel:
        return [.cancel(id: "t")]
      case .output:
        count += 1
        return []
      }
    }
    store.send(.start(0))
    scheduler.advance(by: .seconds(3))
    #expect(store.value == 3)
    store.send(.cancel(0))
    #expect(scheduler.scheduledCount == 0, "the timer's scheduled work is dropped")
    scheduler.advance(by: .seconds(3))
    #expect(store.value == 3)
  }

  @Test func cancelInFlightReplacesTheRunningEffect() {
    let scheduler = TestScheduler()
    let store = Store(initialValue: [Int]()) { (log: inout [Int], action: Action) in
      switch action {
      case .start(let n):
        return [
          Effect.send(.output(n)).delay(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: "load", cancelInFlight: true)
        ]
      case .output(let n):
        log.append(n)
        return []
      case .cancel:
        return []
      }
    }
    store.send(.start(1))
    scheduler.advance(by: .milliseconds(500))
    store.send(.start(2))
    scheduler.advance(by: .seconds(2))
    #expect(store.value == [2])
  }

  @Test("Cancelling an id with nothing running is harmless")
  func cancelUnknownID() {
    let store = Store(initialValue: 0) { (_: inout Int, _: Action) in [.cancel(id: "nobody")] }
    store.send(.cancel(0))
    #expect(store.value == 0)
  }

  @Test("Effects of one id are cancelled together, others keep running")
  func cancelOnlyThatID() {
    let scheduler = TestScheduler()
    let store = Store(initialValue: [Int]()) { (log: inout [Int], action: Action) in
      switch action {
      case .start(let n):
        return [
          Effect.send(.output(n)).delay(for: .seconds(1), scheduler: scheduler)
            .cancellable(id: n % 2)
        ]
      case .cancel(let id):
        return [.cancel(id: id)]
      case .output(let n):
        log.append(n)
        return []
      }
    }
    for n in 1...4 { store.send(.start(n)) }
    store.send(.cancel(1))
    scheduler.advance(by: .seconds(1))
    #expect(store.value == [2, 4])
  }

  @Test("An output that left a finished cancellable effect still arrives after a hop")
  func finishedCancellableStillDelivers() async {
    let store = Store(initialValue: [Int]()) { (log: inout [Int], action: Action) in
      switch action {
      case .start(let n):
        return [
          Effect { callback in DispatchQueue.global().async { callback(.output(n)) } }
            .cancellable(id: "once").receive(on: DispatchQueue.main)
        ]
      case .output(let n):
        log.append(n)
        return []
      case .cancel:
        return [.cancel(id: "once")]
      }
    }
    store.send(.start(1))
    #expect(await waitUntil { store.value == [1] })
  }

  @Test("cancel(id:) processed after the effect finished still stops its output in flight")
  func cancelAfterFinishStopsOutputInFlight() {
    let scheduler = TestScheduler()
    let store = Store(initialValue: [Int]()) { (log: inout [Int], action: Action) in
      switch action {
      case .start(let n):
        // Finishes at once; its one output waits for the scheduler.
        return [Effect.send(.output(n)).cancellable(id: "once").receive(on: scheduler)]
      case .output(let n):
        log.append(n)
        return []
      case .cancel:
        return [.cancel(id: "once")]
      }
    }
    store.send(.start(1))
    store.send(.cancel(0))
    scheduler.advance()
    #expect(store.value == [])
    store.send(.start(2))
    scheduler.advance()
    #expect(store.value == [2])
  }

  /// Outputs produced on another thread race the store's processing of `cancel(id:)`. The boundary
  /// check and the store's own check must between them drop every output of a cancelled effect, in
  /// either order of `receive(on:)` and `cancellable(id:)`.
  @Test(
    "Cancellation raced against delivery from another thread: zero late outputs",
    arguments: [false, true])
  func cancellationRace(hopInsideBoundary: Bool) async {
    let rounds = 10_000
    let store = Store(initialValue: RaceState()) { (state: inout RaceState, action: Action) in
      switch action {
      case .start(let id):
        let producer = Effect<Action>.create { subscriber in
          DispatchQueue.global().async {
            subscriber.send(.output(id))
            subscriber.finish()
          }
        }
        let effect =
          hopInsideBoundary
          ? producer.receive(on: DispatchQueue.main).cancellable(id: id)
          : producer.cancellable(id: id).receive(on: DispatchQueue.main)
        return [effect]
      case .cancel(let id):
        state.cancelled.insert(id)
        return [.cancel(id: id)]
      case .output(let id):
        if state.cancelled.contains(id) { state.late += 1 } else { state.delivered += 1 }
        return []
      }
    }
    for id in 0..<rounds {
      store.send(.start(id))
      // Give the producer and the main queue a chance to interleave with the cancellation.
      if id % 3 == 0 { await Task.yield() }
      store.send(.cancel(id))
      if id % 7 == 0 { await Task.yield() }
    }
    // Every output has either been delivered before its cancel or dropped; drain what is queued.
    let settled = await waitUntil(timeout: .seconds(30)) {
      store.value.delivered + store.value.late == rounds
        || store.value.cancelled.count == rounds
    }
    #expect(settled)
    try? await Task.sleep(for: .milliseconds(50))
    #expect(store.value.late == 0)
    testLog(
      "cancellation race (hop inside boundary: \(hopInsideBoundary)): \(rounds) rounds, \(store.value.delivered) delivered before cancel, \(rounds - store.value.delivered) dropped, \(store.value.late) late"
    )
  }
}
