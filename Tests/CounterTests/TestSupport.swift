import Counter
import Effectful
import EffectfulTesting
import Testing

extension CounterEnvironment {
  /// A test environment on `scheduler`. A dependency the test does not expect to be used records an
  /// issue when it is.
  static func test(
    scheduler: TestScheduler,
    nthPrime: @escaping @Sendable (Int) -> Effect<NthPrimeEvent> = { n in
      Issue.record("nthPrime(\(n)) was not expected")
      return .none
    },
    fact: @escaping @Sendable (Int) -> Effect<Result<String, CounterError>> = { n in
      Issue.record("fact(\(n)) was not expected")
      return .none
    }
  ) -> CounterEnvironment {
    CounterEnvironment(nthPrime: nthPrime, fact: fact, mainQueue: scheduler)
  }
}

/// Runs `effect` outside a store and returns its outputs, up to and including the first for which
/// `isLast` is true. For effects that work on real threads (the offline sieve, URLSession).
func outputs<Output: Sendable>(
  of effect: Effect<Output>, until isLast: @escaping @Sendable (Output) -> Bool = { _ in true }
) async -> [Output] {
  await withCheckedContinuation { continuation in
    let collected = LockedValue<[Output]?>([])
    effect.run { output in
      let complete = collected.withValue { list -> [Output]? in
        guard var soFar = list else { return nil }  // already complete: ignore stragglers
        soFar.append(output)
        list = isLast(output) ? nil : soFar
        return isLast(output) ? soFar : nil
      }
      if let complete { continuation.resume(returning: complete) }
    }
  }
}

extension NthPrimeEvent {
  var isAnswer: Bool {
    if case .answer = self { return true }
    return false
  }
}
