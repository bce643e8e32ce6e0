import Effectful
import EffectfulTesting

/// A feature whose action 0 starts an effect that sleeps two seconds on `clock`, then sends 1: what
/// the tests of `finish()` outside the test's own task wait on.
enum Sleeper {
  static func reducer(_ clock: TestClock) -> @Sendable (inout Int, Int) -> [Effect<Int>] {
    { count, action in
      count += action
      return action == 0 ? [.run { send in try await clock.sleep(for: .seconds(2)); await send(1) }] : []
    }
  }

  /// A plain store of the feature.
  static func store(_ clock: TestClock) -> Store<Int, Int> {
    Store(initialValue: 0, reducer: reducer(clock))
  }
}
