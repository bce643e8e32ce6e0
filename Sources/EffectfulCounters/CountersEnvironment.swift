import Effectful
import EffectfulPrimes
import Foundation

/// What the list of counters needs from the world: facts, a clock for the rows' timers, and a
/// scheduler for the list's undo window.
///
/// ```swift
/// // offline, real time
/// let app = CountersEnvironment()
/// // no waiting at all
/// let demo = CountersEnvironment(
///   clock: ImmediateClock(), mainQueue: ImmediateScheduler())
/// ```
public struct CountersEnvironment: Sendable {
  /// A fact about a number; computed locally unless given.
  public var fact: @Sendable (Int) async throws -> String
  /// What the rows' timers tick on (the async dialect).
  public var clock: any Clock<Duration>
  /// Where the list's undo window waits (the episode's callback dialect).
  public var mainQueue: any Scheduler

  public init(
    fact: @escaping @Sendable (Int) async throws -> String = { EffectfulPrimes.fact(about: $0) },
    clock: any Clock<Duration> = ContinuousClock(),
    mainQueue: any Scheduler = DispatchQueue.main
  ) {
    self.fact = fact
    self.clock = clock
    self.mainQueue = mainQueue
  }
}
