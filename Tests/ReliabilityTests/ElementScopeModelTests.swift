import EffectfulEffectTestSupport
import Effectful
import EffectfulTesting
import Foundation
import Testing

/// The effect-algebra model, per element: two rows of a `forEach` run random effect trees under the
/// same cancellation ids, are cancelled by id from inside, and one of them is removed. Each row must
/// behave exactly as the reference interpreter run alone for that row (its ids are its own), cut off
/// at its removal (every effect it started is cancelled then, and nothing it sent arrives after).

private enum RowEvent {
  case start
  case cancel(String)
}

private enum RowAction: Sendable {
  case start
  case cancel(String)
  case output(Int)
}

private struct Row: Identifiable, Sendable {
  let id: Int
}

private enum ListAction: Sendable {
  case row(Int, RowAction)
  case remove(Int)
}

/// Two rows, each with its tree and its events, and the row removed at `removal`, if any.
private struct ScopedCase: CustomStringConvertible {
  var trees: [EffectTree]
  var events: [(time: Int, row: Int, event: RowEvent)]
  var removal: (time: Int, row: Int)?

  var description: String {
    let timeline = events.map { time, row, event in
      switch event {
      case .start: "\(time)ms row \(row) start"
      case .cancel(let id): "\(time)ms row \(row) cancel(\(id))"
      }
    }
    let removed = removal.map { ", \($0.time)ms remove row \($0.row)" } ?? ""
    return "rows \(trees) with [\(timeline.joined(separator: ", "))\(removed)]"
  }

  static func random(using random: inout SplitMix64) -> ScopedCase {
    var generator = EffectTreeGenerator()
    let trees = (0..<2).map { _ in
      generator.tree(depth: Int.random(in: 1...3, using: &random), using: &random)
    }
    var events: [(Int, Int, RowEvent)] = [(0, 0, .start), (0, 1, .start)]
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      let id = EffectTreeGenerator.ids.randomElement(using: &random)!
      events.append(
        (100 * Int.random(in: 0...10, using: &random), Int.random(in: 0...1, using: &random), .cancel(id)))
    }
    if Bool.random(using: &random) {
      events.append(
        (100 * Int.random(in: 1...8, using: &random), Int.random(in: 0...1, using: &random), .start))
    }
    let removal =
      Bool.random(using: &random)
      ? (time: 100 * Int.random(in: 0...10, using: &random), row: Int.random(in: 0...1, using: &random)) : nil
    // A removed row gets no events after its removal: an action for it would be a reported mistake.
    let kept = events.filter { time, row, _ in removal.map { !(row == $0.row && time >= $0.time) } ?? true }
    let ordered = kept.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
    return ScopedCase(trees: trees, events: ordered.map(\.element), removal: removal)
  }
}

/// Past every event, short of the first instant a repeating timer could meet other work.
private let horizon = 1_250

@MainActor
private func runInStore(_ model: ScopedCase) -> [[(time: Int, value: Int)]] {
  let scheduler = TestScheduler()
  let trees = model.trees
  let arrivals = LockedValue<[[(time: Int, value: Int)]]>([[], []])
  let rowReducer: @Sendable (Int) -> Reducer<Row, RowAction> = { _ in
    { row, action in
      switch action {
      case .start:
        return [trees[row.id].effect(on: scheduler).map(RowAction.output)]
      case .cancel(let id):
        return [.cancel(id: id)]
      case .output(let value):
        let time = Int(scheduler.now.sinceOrigin / .milliseconds(1))
        arrivals.withValue { $0[row.id].append((time, value)) }
        return []
      }
    }
  }
  let store = Store(
    initialValue: IdentifiedArrayOf<Row>(uniqueElements: [Row(id: 0), Row(id: 1)]),
    reducer: combine(
      forEach(
        rowReducer(0), value: \.self,
        action: CasePath(ListAction.row) { action in
          guard case .row(let id, let rowAction) = action else { return nil }
          return (id, rowAction)
        }),
      { rows, action in
        if case .remove(let id) = action { rows.remove(id: id) }
        return []
      }
    ))
  var pending = model.events.map { (time: $0.time, action: ListAction.row($0.row, $0.event.action)) }
  if let removal = model.removal {
    // After the row's own events at that instant (they were filtered out), before nothing else.
    let index = pending.firstIndex { $0.time > removal.time } ?? pending.endIndex
    pending.insert((removal.time, .remove(removal.row)), at: index)
  }
  for (time, action) in pending {
    scheduler.advance(to: SchedulerInstant(sinceOrigin: .milliseconds(time)))
    store.send(action)
  }
  scheduler.advance(to: SchedulerInstant(sinceOrigin: .milliseconds(horizon)))
  return arrivals.withValue { $0 }
}

private func runInReference(_ model: ScopedCase) -> [[(time: Int, value: Int)]] {
  (0..<2).map { row in
    let reference = EffectAlgebraReference()
    var stop: Int? = nil
    if let removal = model.removal, removal.row == row { stop = removal.time }
    for (time, eventRow, event) in model.events where eventRow == row {
      reference.advance(to: time)
      switch event {
      case .start: reference.start(model.trees[row])
      case .cancel(let id): reference.cancel(id: id)
      }
    }
    reference.advance(to: horizon)
    // Removal cancels everything the row started: what it would have sent after is not there.
    return reference.arrivals.filter { arrival in stop.map { arrival.time <= $0 } ?? true }
  }
}

extension RowEvent {
  fileprivate var action: RowAction {
    switch self {
    case .start: .start
    case .cancel(let id): .cancel(id)
    }
  }
}

@MainActor
@Suite("Effect algebra model, per element")
struct ElementScopeModelTests {
  @Test("2,000 random pairs of rows with the same ids, one maybe removed, match the reference per row")
  func rowsMatchReference() async {
    let seed = reliabilitySeed()
    testLog("element scope model seed: \(seed) (replay with EFFECTFUL_SEED=\(seed))")
    var random = SplitMix64(seed: seed)
    var mismatches = 0
    let cases = soakRounds(2_000, brief: 200)
    for caseIndex in 0..<cases {
      if caseIndex % 50 == 0 { await Task.yield() }
      let model = ScopedCase.random(using: &random)
      let actual = runInStore(model)
      let expected = runInReference(model)
      let same = zip(actual, expected).allSatisfy { $0.elementsEqual($1, by: { $0 == $1 }) }
      guard !same else { continue }
      mismatches += 1
      if mismatches <= 3 {
        Issue.record(
          """
          case \(caseIndex) (EFFECTFUL_SEED=\(seed)): \(model)
            store:     \(actual.map { $0.map { "\($0.value)@\($0.time)" } })
            reference: \(expected.map { $0.map { "\($0.value)@\($0.time)" } })
          """)
      }
    }
    #expect(mismatches == 0)
    testLog("element scope model: \(cases) cases, \(mismatches) mismatches")
  }
}
