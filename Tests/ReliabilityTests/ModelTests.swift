import Effectful
import EffectfulEffectTestSupport
import Foundation
import Testing

/// Actions whose effects are all synchronous, in every shape the library offers.
private enum ModelAction: Equatable, Sendable {
  case add(Int)
  case double
  case echo(Int)
  case burst(Int)
  case chain(Int)
  case nested(Int)
}

private let modelReducer: Reducer<[Int], ModelAction> = { log, action in
  switch action {
  case .add(let n):
    log.append(n)
    return []
  case .double:
    log.append(log.last.map { $0 * 2 } ?? 0)
    return [.send(.add(1))]
  case .echo(let n):
    return [.sync { .add(n) }, .send(.add(-n))]
  case .burst(let n):
    return [.merge((0..<n).map { Effect.send(.add($0)) }), Effect { $0(.add(100)) }]
  case .chain(let n):
    log.append(n)
    return n > 0 ? [.send(.chain(n - 1))] : []
  case .nested(let n):
    return [.concatenate(.send(.echo(n)), .fireAndForget {}, .send(.double)), .none]
  }
}

/// The reference semantics: a pure fold that runs synchronous effects' outputs in FIFO order.
private func fold(_ actions: [ModelAction]) -> (state: [Int], order: [ModelAction]) {
  var state: [Int] = []
  var order: [ModelAction] = []
  for action in actions {
    var queue = [action]
    var head = 0
    while head < queue.count {
      let next = queue[head]
      head += 1
      order.append(next)
      for effect in modelReducer(&state, next) {
        let outputs = LockedValue<[ModelAction]>([])
        effect.run { output in outputs.withValue { $0.append(output) } }
        queue.append(contentsOf: outputs.withValue { $0 })
      }
    }
  }
  return (state, order)
}

@MainActor
@Suite("Model")
struct ModelTests {
  @Test("10,000 random action sequences: Store matches a pure FIFO fold")
  func storeMatchesFold() {
    let seed = reliabilitySeed()
    testLog("model check seed: \(seed) (replay with EFFECTFUL_SEED=\(seed))")
    var random = SplitMix64(seed: seed)
    var mismatches = 0
    for sequenceIndex in 0..<10_000 {
      let length = Int.random(in: 1...8, using: &random)
      let actions: [ModelAction] = (0..<length).map { _ in
        switch Int.random(in: 0..<6, using: &random) {
        case 0: .add(Int.random(in: -50...50, using: &random))
        case 1: .double
        case 2: .echo(Int.random(in: 1...9, using: &random))
        case 3: .burst(Int.random(in: 0...4, using: &random))
        case 4: .chain(Int.random(in: 0...5, using: &random))
        default: .nested(Int.random(in: 1...9, using: &random))
        }
      }
      let order = LockedValue<[ModelAction]>([])
      let store = Store(initialValue: [Int]()) { (state: inout [Int], action: ModelAction) in
        order.withValue { $0.append(action) }
        return modelReducer(&state, action)
      }
      for action in actions { store.send(action) }
      let expected = fold(actions)
      if store.value != expected.state || order.withValue({ $0 }) != expected.order {
        mismatches += 1
        if mismatches == 1 {
          Issue.record(
            "sequence \(sequenceIndex) (seed \(seed)): \(actions) → store \(store.value), fold \(expected.state)"
          )
        }
      }
    }
    #expect(mismatches == 0)
    testLog("model check: 10000 sequences, \(mismatches) mismatches")
  }
}
