import Effectful
import EffectfulTesting

/// A small effect, as data: what the model test generates, builds into a real `Effect`, and hands to
/// the reference interpreter. Times are milliseconds of virtual time; ids are one-letter strings.
indirect enum EffectTree: CustomStringConvertible, Sendable {
  case send(Int)
  case sync(Int)
  /// `Effect.create` that sends its values at once, then finishes.
  case create([Int])
  /// `Effect.create` that sends one value `after` milliseconds, then finishes.
  case later(Int, after: Int)
  /// A `.run` that sleeps `after` milliseconds on the test clock, sends one value, then returns: in
  /// the reference, the same as ``later(_:after:)``.
  case runLater(Int, after: Int)
  case merge([EffectTree])
  case concatenate([EffectTree])
  /// `map { $0 + offset }`
  case map(EffectTree, offset: Int)
  case delay(EffectTree, Int)
  case debounce(EffectTree, id: String, Int)
  case throttle(EffectTree, id: String, Int, latest: Bool)
  /// `Effect.timer(id:every:on:).map { _ in value }`
  case timer(id: String, every: Int, value: Int)
  case cancellable(EffectTree, id: String, cancelInFlight: Bool)
  case receiveOn(EffectTree)

  var description: String {
    switch self {
    case .send(let value): ".send(\(value))"
    case .sync(let value): ".sync{\(value)}"
    case .create(let values): ".create\(values)"
    case .later(let value, let after): ".later(\(value), \(after)ms)"
    case .runLater(let value, let after): ".run{sleep \(after)ms; send(\(value))}"
    case .merge(let parts): ".merge(\(parts.map(\.description).joined(separator: ", ")))"
    case .concatenate(let parts): ".concatenate(\(parts.map(\.description).joined(separator: ", ")))"
    case .map(let tree, let offset): "\(tree).map(+\(offset))"
    case .delay(let tree, let duration): "\(tree).delay(\(duration)ms)"
    case .debounce(let tree, let id, let duration): "\(tree).debounce(\(id), \(duration)ms)"
    case .throttle(let tree, let id, let interval, let latest):
      "\(tree).throttle(\(id), \(interval)ms, latest: \(latest))"
    case .timer(let id, let interval, let value): ".timer(\(id), \(interval)ms)→\(value)"
    case .cancellable(let tree, let id, let cancelInFlight):
      "\(tree).cancellable(\(id)\(cancelInFlight ? ", inFlight" : ""))"
    case .receiveOn(let tree): "\(tree).receive(on:)"
    }
  }

  /// The real effect this tree describes, on `scheduler`.
  func effect(on scheduler: TestScheduler) -> Effect<Int> {
    effect(time: .scheduler(scheduler))
  }

  /// The real effect this tree describes on one `TestClock`: `.run` effects sleep on it, and the
  /// time operators take it as their clock, while `.later`, timers and `receive(on:)` use it as
  /// their scheduler.
  func effect(on clock: TestClock) -> Effect<Int> {
    effect(time: .clock(clock))
  }

  enum Time {
    case scheduler(TestScheduler)
    case clock(TestClock)

    var scheduler: any Scheduler {
      switch self {
      case .scheduler(let scheduler): scheduler
      case .clock(let clock): clock
      }
    }
  }

  private func effect(time: Time) -> Effect<Int> {
    let scheduler = time.scheduler
    switch self {
    case .send(let value):
      return .send(value)
    case .sync(let value):
      return .sync { value }
    case .create(let values):
      return .create { subscriber in
        for value in values { subscriber.send(value) }
        subscriber.finish()
      }
    case .later(let value, let after):
      return .create { subscriber in
        let work = scheduler.schedule(after: .milliseconds(after)) {
          subscriber.send(value)
          subscriber.finish()
        }
        subscriber.onCancel { work.cancel() }
      }
    case .runLater(let value, let after):
      guard case .clock(let clock) = time else { fatalError(".runLater needs a TestClock") }
      return .run { send in
        try await clock.sleep(for: .milliseconds(after))
        await send(value)
      }
    case .merge(let parts):
      return .merge(parts.map { $0.effect(time: time) })
    case .concatenate(let parts):
      return .concatenate(parts.map { $0.effect(time: time) })
    case .map(let tree, let offset):
      return tree.effect(time: time).map { $0 + offset }
    case .delay(let tree, let duration):
      if case .clock(let clock) = time {
        return tree.effect(time: time).delay(for: .milliseconds(duration), clock: clock)
      }
      return tree.effect(time: time).delay(for: .milliseconds(duration), scheduler: scheduler)
    case .debounce(let tree, let id, let duration):
      if case .clock(let clock) = time {
        return tree.effect(time: time).debounce(id: id, for: .milliseconds(duration), clock: clock)
      }
      return tree.effect(time: time).debounce(id: id, for: .milliseconds(duration), scheduler: scheduler)
    case .throttle(let tree, let id, let interval, let latest):
      if case .clock(let clock) = time {
        return tree.effect(time: time)
          .throttle(id: id, for: .milliseconds(interval), clock: clock, latest: latest)
      }
      return tree.effect(time: time)
        .throttle(id: id, for: .milliseconds(interval), scheduler: scheduler, latest: latest)
    case .timer(let id, let interval, let value):
      return Effect.timer(id: id, every: .milliseconds(interval), on: scheduler).map { _ in value }
    case .cancellable(let tree, let id, let cancelInFlight):
      return tree.effect(time: time).cancellable(id: id, cancelInFlight: cancelInFlight)
    case .receiveOn(let tree):
      return tree.effect(time: time).receive(on: scheduler)
    }
  }
}

/// Random small trees. Durations sit on a 100 ms grid and timer intervals off it (130, 170, 230 ms),
/// so that within the model's horizon a repeating timer never falls due at the same instant as other
/// work, where the order would depend on how a scheduler re-queues repeating work rather than on
/// anything the operators promise.
struct EffectTreeGenerator {
  static let ids = ["a", "b", "c"]
  private var nextValue = 1
  /// Whether leaves that send later are `.run` effects sleeping on the clock, half the time. Their
  /// sleeps end 50 ms off the 100 ms grid of every other duration, so that they never fall due at the
  /// same instant as callback work, where the order would depend on when a task reached its sleep.
  var withRuns = false

  mutating func tree(depth: Int, using random: inout SplitMix64) -> EffectTree {
    let leafOnly = depth <= 0
    switch Int.random(in: 0..<(leafOnly ? 5 : 14), using: &random) {
    case 0: return .send(value())
    case 1: return .sync(value())
    case 2: return .create((0..<Int.random(in: 0...2, using: &random)).map { _ in value() })
    case 3:
      if withRuns, Bool.random(using: &random) {
        return .runLater(value(), after: 50 + 100 * Int.random(in: 0...4, using: &random))
      }
      return .later(value(), after: 100 * Int.random(in: 0...4, using: &random))
    case 4:
      return .timer(
        id: Self.ids.randomElement(using: &random)!, every: [130, 170, 230].randomElement(using: &random)!,
        value: value())
    case 5, 6:
      let count = Int.random(in: 2...3, using: &random)
      let parts = (0..<count).map { _ in tree(depth: depth - 1, using: &random) }
      return Bool.random(using: &random) ? .merge(parts) : .concatenate(parts)
    case 7: return .map(tree(depth: depth - 1, using: &random), offset: 1000)
    case 8: return .delay(tree(depth: depth - 1, using: &random), duration(&random))
    case 9:
      return .debounce(tree(depth: depth - 1, using: &random), id: id(&random), duration(&random))
    case 10:
      return .throttle(
        tree(depth: depth - 1, using: &random), id: id(&random), duration(&random),
        latest: Bool.random(using: &random))
    case 11, 12:
      return .cancellable(
        tree(depth: depth - 1, using: &random), id: id(&random), cancelInFlight: Bool.random(using: &random))
    default: return .receiveOn(tree(depth: depth - 1, using: &random))
    }
  }

  private mutating func value() -> Int {
    defer { nextValue += 1 }
    return nextValue
  }

  private func id(_ random: inout SplitMix64) -> String { Self.ids.randomElement(using: &random)! }

  private func duration(_ random: inout SplitMix64) -> Int { 100 * Int.random(in: 0...5, using: &random) }
}
