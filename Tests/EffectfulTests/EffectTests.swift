import EffectfulEffectTestSupport
import Effectful
import EffectfulTesting
import Foundation
import Testing

@Suite("Effect")
struct EffectTests {
  @Test("The episode's shape: Effect { callback in … } and run { … }")
  func episodeShape() {
    let outputs = Collected<Int>()
    let effect = Effect<Int> { callback in
      callback(1)
      callback(2)
    }
    effect.run { outputs.append($0) }
    #expect(outputs.values == [1, 2])
  }

  @Test func mapTransformsEveryOutput() {
    let outputs = Collected<String>()
    Effect<Int> { callback in
      callback(20); callback(22)
    }
    .map { "\($0 + 1)" }
    .run { outputs.append($0) }
    #expect(outputs.values == ["21", "23"])
  }

  @Test func sendSyncAndNone() {
    let outputs = Collected<Int>()
    Effect<Int>.send(7).map { $0 * 6 }.run { outputs.append($0) }
    Effect<Int>.sync { 3 }.run { outputs.append($0) }
    Effect<Int>.none.run { outputs.append($0) }
    #expect(outputs.values == [42, 3])
  }

  @Test func fireAndForgetDoesItsWorkAndSendsNothing() {
    let work = Collected<String>()
    let outputs = Collected<Int>()
    Effect<Int>.fireAndForget { work.append("did it") }.run { outputs.append($0) }
    #expect(work.values == ["did it"])
    #expect(outputs.values.isEmpty)
  }

  @Test func createDropsOutputsAfterFinish() {
    let outputs = Collected<Int>()
    Effect<Int>.create { subscriber in
      subscriber.send(1)
      subscriber.finish()
      subscriber.send(2)
    }.run { outputs.append($0) }
    #expect(outputs.values == [1])
  }

  @Test func mergeDeliversEveryPart() {
    let outputs = Collected<Int>()
    Effect.merge(.send(1), .none, .sync { 2 }, Effect { $0(3) }).run { outputs.append($0) }
    #expect(outputs.values == [1, 2, 3])
  }

  @Test func concatenateWaitsForEachPartToFinish() {
    let scheduler = TestScheduler()
    let outputs = Collected<Int>()
    Effect.concatenate(
      Effect<Int>.send(1).delay(for: .seconds(2), scheduler: scheduler),
      .send(2),
      Effect<Int>.send(3).delay(for: .seconds(1), scheduler: scheduler)
    ).run { outputs.append($0) }
    #expect(outputs.values.isEmpty)
    scheduler.advance(by: .seconds(2))
    #expect(outputs.values == [1, 2])
    scheduler.advance(by: .milliseconds(999))
    #expect(outputs.values == [1, 2])
    scheduler.advance(by: .milliseconds(1))
    #expect(outputs.values == [1, 2, 3])
  }

  @Test("A long concatenation of synchronous effects runs in constant stack")
  func longConcatenation() {
    let count = Collected<Int>()
    let total = LockedValue(0)
    Effect.concatenate((0..<200_000).map { n in Effect<Int>.sync { n } })
      .run { _ in total.withValue { $0 += 1 } }
    count.append(total.withValue { $0 })
    #expect(count.values == [200_000])
  }

  @Test("Effect(run:) ends when its callback is released, not before")
  func episodeEffectEndsOnRelease() async {
    let registry = CancellationRegistry()
    let lifetime = EffectLifetime(registry: registry)
    let ended = LockedValue(false)
    lifetime.onEnd { _ in ended.withValue { $0 = true } }
    let gate = DispatchSemaphore(value: 0)
    let effect = Effect<Int> { callback in
      DispatchQueue.global().async {
        gate.wait()
        callback(1)
      }
    }
    let outputs = Collected<Int>()
    effect.start(in: lifetime) { value, _ in outputs.append(value) }
    #expect(ended.withValue { $0 } == false, "still running while the callback is held")
    gate.signal()
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(10)
    while !ended.withValue({ $0 }), clock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
    #expect(ended.withValue { $0 })
    #expect(outputs.values == [1])
  }

  @Test func taskBridgesAsyncAwaitAndDeliversOnTheMainActor() async {
    let outputs = Collected<Bool>()
    Effect<Int>.task {
      try? await Task.sleep(for: .milliseconds(1))
      return 42
    }.run { _ in outputs.append(MainActorCheck.isOnMainActor) }
    let delivered = await waitUntil { !outputs.values.isEmpty }
    #expect(delivered)
    #expect(outputs.values == [true])
  }

  @Test func throwingTaskTurnsErrorsIntoOutputs() async {
    struct Boom: Error {}
    let outputs = Collected<String>()
    Effect<String>.task { () async throws -> String in
      throw Boom()
    } catch: { _ in
      "caught"
    }
    .run { outputs.append($0) }
    #expect(await waitUntil { !outputs.values.isEmpty })
    #expect(outputs.values == ["caught"])
  }
}
