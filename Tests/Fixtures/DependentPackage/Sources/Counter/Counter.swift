import Dispatch
import Effectful
import Primes

public struct CounterState: Equatable, Sendable {
  public var count = 0
  public var alertNthPrime: Int?
  public var isNthPrimeButtonDisabled = false
  public init(count: Int = 0) { self.count = count }
}

public enum CounterAction: Equatable, Sendable {
  case incrementButtonTapped
  case nthPrimeButtonTapped
  case nthPrimeResponse(Int?)
}

/// The episode's spelling, `.receive(on: .main)`, with the computation on `.global()`.
public func nthPrimeEffect(_ n: Int) -> Effect<Int?> {
  Effect { callback in callback(nthPrime(n)) }
    .delay(for: .zero, scheduler: .global())
    .receive(on: .main)
}

public let counterReducer: Reducer<CounterState, CounterAction> = { state, action in
  switch action {
  case .incrementButtonTapped:
    state.count += 1
    return []
  case .nthPrimeButtonTapped:
    state.isNthPrimeButtonDisabled = true
    return [nthPrimeEffect(state.count).map(CounterAction.nthPrimeResponse)]
  case .nthPrimeResponse(let prime):
    state.alertNthPrime = prime
    state.isNthPrimeButtonDisabled = false
    return []
  }
}
