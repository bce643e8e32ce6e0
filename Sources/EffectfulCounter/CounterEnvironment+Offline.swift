import Dispatch
import Effectful
import EffectfulPrimes

extension CounterEnvironment {
  /// Computes everything locally, delivering on the main queue: no network, no account.
  ///
  /// ```swift
  /// let store = Store(
  ///   initialValue: CounterState(count: 1_000),
  ///   reducer: counterReducer(environment: .offline))
  /// store.send(.nthPrimeButtonTapped)   // soon: "The 1000th prime is 7919"
  /// ```
  ///
  /// See ``offline(mainQueue:)`` for how each answer is computed.
  public static var offline: CounterEnvironment {
    offline(mainQueue: DispatchQueue.main)
  }

  /// Computes everything locally, delivering on `mainQueue`.
  ///
  /// ```swift
  /// let environment = CounterEnvironment.offline(mainQueue: scheduler)
  /// ```
  ///
  /// - `nthPrime` sieves on a background queue, reports progress each time another whole percent is
  ///   done (so a search that takes one sieve window reports none), and stops within a sieve window
  ///   of being cancelled.
  /// - `nthPrime` beyond `largestNthPrimeWithinReach` answers at once with
  ///   ``CounterError/beyondReach(n:limit:estimate:)``, an estimate instead of minutes or
  ///   centuries of sieving.
  /// - `fact` states a true fact computed from the number (`fact(about:)` in Primes), at once.
  public static func offline(mainQueue: any Scheduler) -> CounterEnvironment {
    CounterEnvironment(
      nthPrime: { n in localNthPrime(n) },
      fact: { number in .sync { .success(EffectfulPrimes.fact(about: number)) } },
      mainQueue: mainQueue)
  }

  /// The `n`-th prime, sieved on a background queue with progress, stopping when cancelled.
  static func localNthPrime(_ n: Int) -> Effect<NthPrimeEvent> {
    do {
      try checkNthPrimeIsWithinReach(n)
    } catch {
      switch error {
      case .noSuchPrime(let n): return .send(.answer(.failure(.noSuchPrime(n: n))))
      case .beyondReach(let n, let limit, let estimate):
        return .send(.answer(.failure(.beyondReach(n: n, limit: limit, estimate: estimate))))
      }
    }
    return .create { subscriber in
      DispatchQueue.global(qos: .userInitiated).async {
        var percentReported = 0
        let prime = EffectfulPrimes.nthPrime(
          n,
          progress: { progress in
            // Whole percents only: at most 99 progress actions however long the search, and none
            // for a search that finishes in its first window.
            let percent = Int(progress.fractionCompleted * 100)
            guard percent > percentReported, percent < 100 else { return }
            percentReported = percent
            subscriber.send(.progress(Double(percent) / 100))
          },
          isCancelled: { subscriber.isCancelled })
        subscriber.send(.answer(prime.map(Result.success) ?? .failure(.noSuchPrime(n: n))))
        subscriber.finish()
      }
    }
  }
}
