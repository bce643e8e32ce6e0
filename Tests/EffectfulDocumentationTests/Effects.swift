import Effectful
import EffectfulTesting
import Foundation
import Testing

// The code of Articles/Effects.md (check-docs compares the article's blocks with it).

/// Sends "tick" every `interval` on `scheduler`, until cancelled.
func ticks(
  every interval: Duration, on scheduler: some Scheduler
) -> Effect<String> {
  Effect.create { subscriber in
    let work = scheduler.schedule(after: interval, every: interval) {
      subscriber.send("tick")
    }
    subscriber.onCancel { work.cancel() }
  }
}

/// Sends `start - 1`, …, `1`, `0`, one a second, then finishes.
func countdown(
  from start: Int, on scheduler: some Scheduler
) -> Effect<Int> {
  Effect.create { subscriber in
    for second in 1...start {
      let work = scheduler.schedule(after: .seconds(second)) {
        subscriber.send(start - second)
        if second == start { subscriber.finish() }
      }
      subscriber.onCancel { work.cancel() }
    }
  }
}

@MainActor
@Suite("Effects")
struct EffectsTests {
  @Test func theEpisodesShape() {
    let outputs = LockedBox<[Int]>([])
    let print: @Sendable (Int) -> Void = { value in
      outputs.withValue { $0.append(value) }
    }

    let numbers = Effect<Int> { callback in
      callback(1)
      callback(2)
    }
    numbers.map { $0 * 10 }.run { print($0) }  // 10, then 20

    #expect(outputs.withValue { $0 } == [10, 20])
  }

  @Test func aCallbackOnAnotherThread() async {
    let outputs = LockedBox<[String]>([])
    let fact = Effect<String> { callback in
      DispatchQueue.global().async { callback("7 is prime") }
    }
    fact.run { text in outputs.withValue { $0.append(text) } }
    for _ in 0..<500 where outputs.withValue({ $0.isEmpty }) {
      try? await Task.sleep(for: .milliseconds(10))
    }
    #expect(outputs.withValue { $0 } == ["7 is prime"])
  }

  @Test func countdownFinishes() {
    let scheduler = TestScheduler()
    let outputs = LockedBox<[Int]>([])
    countdown(from: 3, on: scheduler).run { value in
      outputs.withValue { $0.append(value) }
    }
    scheduler.advance(by: .seconds(3))
    #expect(outputs.withValue { $0 } == [2, 1, 0])
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func ticksStopWhenCancelled() {
    let scheduler = TestScheduler()
    let store = TestStore(
      initialValue: TickerState(),
      reducer: tickerReducer(scheduler: scheduler)
    )
    store.send(.startTapped)
    scheduler.advance(by: .seconds(2))
    store.receive(.tick) { $0.ticks = 1 }
    store.receive(.tick) { $0.ticks = 2 }
    store.send(.stopTapped)
    #expect(
      scheduler.scheduledCount == 0,
      "cancelling the effect cancelled the scheduled work")
  }

  @Test func mergeAndConcatenate() {
    let scheduler = TestScheduler()
    let outputs = LockedBox<[String]>([])
    let print: @Sendable (String) -> Void = { value in
      outputs.withValue { $0.append(value) }
    }

    let slow = Effect<String>.send("slow").delay(
      for: .seconds(2), scheduler: scheduler)
    let fast = Effect<String>.send("fast").delay(
      for: .seconds(1), scheduler: scheduler)

    // After 1 s: fast; after 2 s: slow.
    Effect.merge(slow, fast).run { print($0) }
    // After 2 s: slow; after 3 s: fast.
    Effect.concatenate(slow, fast).run { print($0) }

    scheduler.advance(by: .seconds(3))
    #expect(outputs.withValue { $0 } == ["fast", "slow", "slow", "fast"])
  }
}

struct TickerState: Equatable {
  var ticks = 0
}

enum TickerAction: Equatable, Sendable {
  case startTapped
  case stopTapped
  case tick
}

enum TickerID: Hashable, Sendable { case ticks }

func tickerReducer(
  scheduler: some Scheduler
) -> Reducer<TickerState, TickerAction> {
  { state, action in
    switch action {
    case .startTapped:
      return [
        ticks(every: .seconds(1), on: scheduler).map { _ in .tick }
          .cancellable(id: TickerID.ticks)
      ]
    case .stopTapped:
      return [.cancel(id: TickerID.ticks)]
    case .tick:
      state.ticks += 1
      return []
    }
  }
}

// The constructors, as the article shows them in a reducer.
enum SaveAction: Equatable, Sendable {
  case saveButtonTapped
  case saveResponse(Bool)
  case didAppear
  case primeResponse(Int)
}

func saveReducer(
  save: @escaping @Sendable () -> Bool,
  nthPrime: @escaping @Sendable (Int) async -> Int
)
  -> Reducer<Int, SaveAction>
{
  { count, action in
    switch action {
    case .saveButtonTapped:
      return [.sync { .saveResponse(save()) }]
    case .saveResponse:
      return []
    case .didAppear:
      return [
        .fireAndForget { print("appeared") },
        .task { [count] in .primeResponse(await nthPrime(count)) },
      ]
    case .primeResponse(let prime):
      count = prime
      return []
    }
  }
}

// Async effects with run and Send.
struct KettleState: Equatable {
  var degrees = 20
  var isHeating = false
}

enum KettleAction: Equatable, Sendable {
  case boilButtonTapped
  case stopButtonTapped
  case temperature(Int)
  case boiled
}

enum KettleID: Hashable, Sendable { case heating }

/// Heats the water ten degrees a second on `clock`, up to 100 °C.
func heat(
  from start: Int, clock: any Clock<Duration>
) -> Effect<KettleAction> {
  .run { send in
    for degrees in stride(from: start + 10, through: 100, by: 10) {
      try await clock.sleep(for: .seconds(1))
      await send(.temperature(degrees))
    }
    await send(.boiled)
  }
}

func kettleReducer(
  clock: any Clock<Duration>
) -> Reducer<KettleState, KettleAction> {
  { state, action in
    switch action {
    case .boilButtonTapped:
      state.isHeating = true
      return [
        heat(from: state.degrees, clock: clock)
          .cancellable(id: KettleID.heating, cancelInFlight: true)
      ]
    case .stopButtonTapped:
      state.isHeating = false
      return [.cancel(id: KettleID.heating)]
    case .temperature(let degrees):
      state.degrees = degrees
      return []
    case .boiled:
      state.isHeating = false
      return []
    }
  }
}

/// A fact about `n` from a service that may fail: the failure becomes
/// an output too.
func numberFact(
  _ n: Int, service: @escaping @Sendable (Int) async throws -> String
) -> Effect<String> {
  .run { send in
    await send(try await service(n))
  } catch: { error, send in
    await send("No fact about \(n) today.")
  }
}

struct FactServiceDown: Error {}

@MainActor
@Suite("Effects: run and Send")
struct RunAndSendTests {
  @Test func kettle() async {
    let clock = TestClock()
    let store = Store(
      initialValue: KettleState(), reducer: kettleReducer(clock: clock))
    store.send(.boilButtonTapped)
    await clock.advance(by: .seconds(3))
    #expect(store.value.degrees == 50)
    store.send(.stopButtonTapped)
    await clock.advance(by: .seconds(10))
    #expect(store.value.degrees == 50)  // nothing arrives after the stop
  }

  @Test func kettleBoils() async {
    let clock = TestClock()
    let store = Store(
      initialValue: KettleState(), reducer: kettleReducer(clock: clock))
    let heating = store.send(.boilButtonTapped)
    await clock.run()
    await heating.finish()
    #expect(store.value == KettleState(degrees: 100, isHeating: false))
  }

  @Test func aFailureBecomesAnOutput() async {
    let fact = numberFact(7) { _ in throw FactServiceDown() }
    let text = await withCheckedContinuation { continuation in
      fact.run { continuation.resume(returning: $0) }
    }
    #expect(text == "No fact about 7 today.")
  }
}
