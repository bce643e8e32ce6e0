import Effectful

/// The counter's dependencies as a plain value: where nth primes and facts come from, and where
/// their answers are delivered.
///
/// ```swift
/// // computed locally
/// let reducer = counterReducer(environment: .offline)
/// // Wolfram|Alpha, numbersapi.com
/// let live = counterReducer(environment: .live(appID: appID))
/// let test = CounterEnvironment(  // in tests
///   nthPrime: { _ in .send(.answer(.success(5))) },
///   fact: { n in .send(.success("\(n) is a number.")) },
///   mainQueue: TestScheduler())
/// ```
///
/// The closures may deliver on any thread: the reducer moves every answer onto `mainQueue` before
/// it reaches the store. Their effects are cancelled when the user cancels, and should stop work
/// then (see `EffectSubscriber.isCancelled`).
public struct CounterEnvironment: Sendable {
  /// The `n`-th prime, with progress for long searches: any number of `.progress` events, then one
  /// `.answer`. Only called with `n >= 1`.
  public var nthPrime: @Sendable (_ n: Int) -> Effect<NthPrimeEvent>
  /// One fact about a number, or why there is none.
  public var fact: @Sendable (_ number: Int) -> Effect<Result<String, CounterError>>
  /// Where answers are delivered and the timer ticks: `DispatchQueue.main` in an app, a
  /// `TestScheduler` in tests.
  public var mainQueue: any Scheduler

  /// Creates an environment from its parts; the usual way to write a test environment.
  ///
  /// ```swift
  /// CounterEnvironment(
  ///   nthPrime: { _ in .send(.answer(.failure(.noAnswer(n: 3)))) },
  ///   fact: { _ in .send(.failure(.network(.emptyResponse))) },
  ///   mainQueue: ImmediateScheduler())
  /// ```
  public init(
    nthPrime: @escaping @Sendable (_ n: Int) -> Effect<NthPrimeEvent>,
    fact: @escaping @Sendable (_ number: Int) -> Effect<Result<String, CounterError>>,
    mainQueue: any Scheduler
  ) {
    self.nthPrime = nthPrime
    self.fact = fact
    self.mainQueue = mainQueue
  }
}
