import EffectfulCounter
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

extension NthPrimeEvent {
  var isAnswer: Bool {
    if case .answer = self { return true }
    return false
  }
}
