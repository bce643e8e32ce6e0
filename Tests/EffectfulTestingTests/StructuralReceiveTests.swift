import Effectful
@testable import EffectfulTesting
import Foundation
import Testing

/// `receive` of an action that is not `Equatable` compares values, not their renderings: the bytes
/// of `Data`, `Date`s exactly, enum cases by their case number.
@MainActor
@Suite("Receiving actions that are not Equatable: values compared, not renderings")
struct StructuralReceiveTests {
  /// Not `Equatable`; its payload-less cases all describe themselves alike.
  enum Action: CustomStringConvertible, Sendable {
    case start
    case loaded(Data)
    case at(Date)
    case tick(at: Date, count: Int)
    case first, second

    var description: String { "an action" }
  }

  private func store(sending output: Action, log: FailureLog) -> TestStore<Int, Action> {
    TestStore(
      initialValue: 0,
      reducer: { _, action in
        guard case .start = action else { return [] }
        return [.run { send in await send(output) }]
      },
      failureReporter: log.reporter)
  }

  /// Sends `.start`, whose effect sends `output`, and receives `expected`; returns the failures.
  private func failures(sending output: Action, receiving expected: Action) async -> [FailureLog.Failure] {
    let log = FailureLog()
    do {
      let store = store(sending: output, log: log)
      store.send(.start)
      await store.receive(expected)
    }
    return log.failures
  }

  @Test("Data of the same length with other bytes is another action")
  func dataIsComparedByItsBytes() async {
    #expect(await failures(sending: .loaded(Data([1, 2])), receiving: .loaded(Data([1, 2]))).isEmpty)
    #expect(await failures(sending: .loaded(Data([1, 2])), receiving: .loaded(Data([3, 4]))).count == 1)
  }

  @Test("Dates within the same second are different actions")
  func datesAreComparedExactly() async {
    let date = Date(timeIntervalSince1970: 0.25)
    #expect(await failures(sending: .at(date), receiving: .at(date)).isEmpty)
    let later = Date(timeIntervalSince1970: 0.75)
    #expect(await failures(sending: .at(date), receiving: .at(later)).count == 1)
  }

  @Test("Payload-less cases that describe themselves alike are told apart by their case")
  func casesAreComparedByTheirNumber() async {
    #expect(await failures(sending: .first, receiving: .first).isEmpty)
    #expect(await failures(sending: .first, receiving: .second).count == 1)
  }

  @Test("Receiving by case compares the values the test fixed exactly")
  func receiveByCaseComparesFixedValues() async {
    let log = FailureLog()
    do {
      let store = store(sending: .tick(at: Date(timeIntervalSince1970: 0.5), count: 3), log: log)
      store.send(.start)
      await store.receive({ Action.tick(at: Date(timeIntervalSince1970: 0), count: $0) })
    }
    #expect(log.failures.count == 1, "\(log.failures)")
  }

  @Test("structurallyEqual: dictionaries by key, classes by identity or fields, cycles end")
  func structuralEquality() {
    final class Node {
      var value: Int
      var next: Node?
      init(_ value: Int) { self.value = value }
    }
    #expect(structurallyEqual(["a": Node(1), "b": Node(2)], ["b": Node(2), "a": Node(1)]))
    #expect(!structurallyEqual(["a": Node(1)], ["a": Node(2)]))
    let left = Node(1)
    left.next = left
    let right = Node(1)
    right.next = right
    #expect(structurallyEqual(left, right))
    #expect(!structurallyEqual(Node(1), 1))
  }
}
