import Dispatch
import EffectfulEffectTestSupport
import EffectfulTesting
import Foundation
import Testing

@testable import Effectful

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Issue 10: bookkeeping that grew, held on, or talked too much, each kept as a test that failed
/// before its fix.
@MainActor
@Suite("Resource regressions")
struct CoreResourceRegressionTests {
  // 5. Each effect ending under a shared id rebuilt the id's array: quadratic in the number running.
  // Counted, not timed: a wall-clock ratio failed under load (issue 20).
  @Test func effectsEndingUnderOneIDTakeLinearTime() {
    let registry = CancellationRegistry()
    let id = EffectID("shared")
    let lifetimes = (0..<16_000).map { _ in EffectLifetime(registry: registry) }
    for lifetime in lifetimes { registry.register(lifetime, id: id) }
    // Ending all but the last, from the front: a removal that rebuilt or shifted the id's list would
    // touch every lifetime after it, about 128 million steps.
    for lifetime in lifetimes.dropLast() { lifetime.finish() }
    #if DEBUG
      let steps = registry.removalSteps(id: id)
      #expect(steps <= lifetimes.count, "\(steps) steps to end \(lifetimes.count - 1) effects")
    #endif
    lifetimes.last?.finish()
    #expect(registry.runningCount == 0)
  }

  // 8. With one delayed run pending, every `cancel(id:)` was remembered for as long as it waited.
  @Test func registryHoldsOnlyWhatRunsWhileADelayWaits() {
    let scheduler = TestScheduler()
    let store = Store<Int, Int>(initialValue: 0) { _, action in
      if action == 0 { return [Effect.send(1).delay(for: .seconds(3600), scheduler: scheduler)] }
      return [Effect<Int>.create { _ in }.cancellable(id: action, cancelInFlight: true), .cancel(id: action)]
    }
    store.send(0)
    for id in 1...1_000 { store.send(id) }
    #expect(store.registry.entryCount <= 2, "the registry holds \(store.registry.entryCount) entries")
  }

  // 9. A cancelled delay on a DispatchQueue kept its closure, and what it captured, until its deadline.
  @Test func cancelledDispatchWorkReleasesItsClosureAtOnce() {
    final class Canary: Sendable {}
    weak var weakCanary: Canary?
    let work: ScheduledWork
    do {
      let canary = Canary()
      weakCanary = canary
      work = DispatchQueue.global().schedule(after: .seconds(3600)) { _ = canary }
    }
    #expect(weakCanary != nil)
    work.cancel()
    #expect(weakCanary == nil, "the cancelled work item still holds its closure")
  }

  @Test func cancelledDelayedEffectReleasesItsCapturesAtOnce() {
    final class Canary: Sendable {}
    struct Weak { weak var canary: Canary? }
    let watched = LockedValue(Weak())
    let store = Store<Int, Int>(initialValue: 0) { _, action in
      guard action == 0 else { return [.cancel(id: "wait")] }
      let canary = Canary()
      watched.withValue { $0.canary = canary }
      return [
        Effect.sync {
          _ = canary; return 2
        }
        .delay(for: .seconds(3600), scheduler: DispatchQueue.global())
        .debounce(id: "wait", for: .seconds(3600), scheduler: DispatchQueue.global())
      ]
    }
    store.send(0)
    #expect(watched.withValue { $0.canary } != nil)
    store.send(1)
    #expect(
      watched.withValue { $0.canary } == nil, "the cancelled delay still holds the effect it was to start")
  }

  // 14. The off-main message interpolated the whole action: a big payload made a megabyte message.
  @Test func offMainMessagesAbbreviateTheAction() {
    let payload = Array(repeating: 7, count: 200_000)
    let messages = [
      StoreDiagnostics.effectOutputOffMainThreadMessage(payload),
      StoreDiagnostics.sentOffMainThreadMessage(payload),
    ]
    for message in messages {
      #expect(message.count < 800, "a \(message.count)-character message")
      #expect(message.contains("[7, 7, 7"))
      #expect(message.contains("main actor"))
    }
  }

  // 14. An empty 200/204 body was reported as undecodable JSON; the documentation says emptyResponse.
  @Test func emptySuccessfulBodyIsEmptyResponse() {
    struct Fact: Decodable, Sendable { var text: String }
    let url = URL(string: "http://127.0.0.1/fact")!
    for status in [200, 204] {
      let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil)
      let raw = Effect<(Data?, URLResponse?, Error?)>.send((Data(), response, nil))
      let decoded = Collected<Result<Fact, NetworkError>>()
      raw.decodeResult(as: Fact.self).run { decoded.append($0) }
      let validated = Collected<Result<Data, NetworkError>>()
      raw.validated().run { validated.append($0) }
      #expect(decoded.values.count == 1)
      #expect(decoded.values.first.map { (try? $0.get()) == nil && $0.failure == .emptyResponse } == true)
      #expect(validated.values.first?.failure == .emptyResponse)
    }
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
