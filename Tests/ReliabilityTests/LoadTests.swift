import Dispatch
import EffectfulEffectTestSupport
import EffectfulTesting
import Foundation
import Testing

@testable import Effectful

private enum LoadAction: Sendable {
  case start
  case delivered(producer: Int, sequence: Int)
}

private struct LoadState {
  var counts = [Int](repeating: 0, count: 8)
  var lastSequence = [Int](repeating: -1, count: 8)
  var outOfOrder = 0
  var total = 0
}

@MainActor
@Suite("Load")
struct LoadTests {
  @Test("8 threads × 100,000 outputs through receive(on: main): each reduced exactly once")
  func eightProducers() async {
    let producers = 8
    let perProducer = 100_000
    let store = Store(initialValue: LoadState()) { (state: inout LoadState, action: LoadAction) in
      switch action {
      case .start:
        return (0..<producers).map { producer in
          Effect<LoadAction>.create { subscriber in
            Thread.detachNewThread {
              for sequence in 0..<perProducer {
                subscriber.send(.delivered(producer: producer, sequence: sequence))
              }
              subscriber.finish()
            }
          }
          .receive(on: DispatchQueue.main)
        }
      case .delivered(let producer, let sequence):
        state.counts[producer] += 1
        state.total += 1
        if sequence != state.lastSequence[producer] + 1 { state.outOfOrder += 1 }
        state.lastSequence[producer] = sequence
        return []
      }
    }
    store.send(.start)
    let done = await waitUntil(timeout: .seconds(60)) { store.value.total >= producers * perProducer }
    #expect(done)
    // Anything extra would have arrived by now: the producers have finished.
    try? await Task.sleep(for: .milliseconds(100))
    #expect(store.value.counts == [Int](repeating: perProducer, count: producers))
    #expect(store.value.total == producers * perProducer)
    #expect(store.value.outOfOrder == 0)
    testLog(
      "load: \(producers) producers × \(perProducer) outputs: \(store.value.total) reduced, \(store.value.outOfOrder) out of order"
    )
  }

  @Test("100,000 stores with a running timer, released: each freed, no scheduled work, empty registry")
  func releasedStoresLeaveNothingBehind() {
    let scheduler = TestScheduler()
    let count = 100_000
    var freed = 0
    var registriesLeftNonEmpty = 0
    for _ in 0..<count {
      weak var weakStore: Store<Int, Bool>?
      var registry: CancellationRegistry?
      do {
        let store = Store(initialValue: 0) { (ticks: inout Int, start: Bool) in
          if start {
            return [Effect.timer(id: "timer", every: .seconds(1), on: scheduler).map { _ in false }]
          }
          ticks += 1
          return []
        }
        store.send(true)
        registry = store.registry
        weakStore = store
      }
      if weakStore == nil { freed += 1 }
      if registry?.entryCount != 0 { registriesLeftNonEmpty += 1 }
    }
    #expect(freed == count)
    #expect(scheduler.scheduledCount == 0)
    #expect(registriesLeftNonEmpty == 0)
    testLog(
      "release: \(count) stores with timers released, \(freed) freed, \(scheduler.scheduledCount) scheduled items left, \(registriesLeftNonEmpty) non-empty registries"
    )
  }
}
