import Effectful

/// Builds the counter's logic on its environment: counting, facts, the timer and the nth prime.
///
/// ```swift
/// let store = Store(
///   initialValue: CounterState(count: 3),
///   reducer: counterReducer(environment: .offline))
/// store.send(.nthPrimeButtonTapped)  // isNthPrimeButtonDisabled == true
/// // … .nthPrimeResponse(n: 3, .success(5)):
/// //   alertNthPrime == .nthPrime(n: 3, prime: 5)
/// ```
///
/// - The timer ticks on `environment.mainQueue` every second from one second after it is toggled on,
///   and stops when toggled off.
/// - Only one nth-prime search runs at a time: a tap while one is in flight (the button is disabled)
///   does nothing, and ``CounterAction/nthPrimeCancelButtonTapped`` stops it. With a count below 1
///   there is no prime to ask for, and the error says so at once.
/// - A fact tapped while another is loading replaces it; ``CounterAction/factCancelButtonTapped``
///   stops waiting for it.
/// - Changing the count clears the fact and the error: both were about the old count. A fact
///   still loading is cancelled: it would arrive as the new count's. (An nth-prime search goes
///   on: its answer names its own n.)
/// - Every answer is delivered on `environment.mainQueue`; loading flags are cleared by every
///   response, success or failure, and failures become ``CounterState/errorMessage``.
/// - The answer is presented as an alert (`ifLet`): `.alertNthPrime(.dismiss)` clears it.
/// - The count stops at `Int.min` and `Int.max` instead of trapping, and
///   ``CounterState/errorMessage`` says why it did not move (``CounterError/countAtLimit(_:)``);
///   the timer stops there too.
public func counterReducer(environment: CounterEnvironment) -> Reducer<CounterState, CounterAction> {
  ifLet(
    counterScreen(environment: environment), value: \.$alertNthPrime, action: CounterAction.alertNthPrimeCase)
}

/// The counter screen's own logic, without the alert it presents.
private func counterScreen(environment: CounterEnvironment) -> Reducer<CounterState, CounterAction> {
  { state, action in
    switch action {
    case .decrementButtonTapped:
      guard state.count > .min else {
        state.errorMessage = CounterError.countAtLimit(.min).message
        return []
      }
      state.count -= 1
      return state.forgetWhatWasAboutTheOldCount()

    case .incrementButtonTapped:
      guard state.count < .max else {
        state.errorMessage = CounterError.countAtLimit(.max).message
        return []
      }
      state.count += 1
      return state.forgetWhatWasAboutTheOldCount()

    case .timerTick:
      guard state.count < .max else {
        // A timer that can no longer count stops, once, saying why.
        state.errorMessage = CounterError.countAtLimit(.max).message
        state.isTimerRunning = false
        return [.cancel(id: CounterCancelID.timer)]
      }
      state.count += 1
      return state.forgetWhatWasAboutTheOldCount()

    case .factButtonTapped:
      state.isLoading = true
      state.errorMessage = nil
      return [
        environment.fact(state.count)
          .receive(on: environment.mainQueue)
          .map(CounterAction.factResponse)
          .cancellable(id: CounterCancelID.fact, cancelInFlight: true)
      ]

    case .factResponse(.success(let fact)):
      state.isLoading = false
      state.fact = fact
      return []

    case .factResponse(.failure(let error)):
      state.isLoading = false
      state.errorMessage = error.message
      return []

    case .countEntered(let n):
      guard n != state.count else { return [] }
      state.count = n
      return state.forgetWhatWasAboutTheOldCount()

    case .factCancelButtonTapped:
      guard state.isLoading else { return [] }
      state.isLoading = false
      return [.cancel(id: CounterCancelID.fact)]

    case .toggleTimerButtonTapped:
      state.isTimerRunning.toggle()
      guard state.isTimerRunning else {
        return [.cancel(id: CounterCancelID.timer)]
      }
      return [
        Effect.timer(id: CounterCancelID.timer, every: .seconds(1), on: environment.mainQueue)
          .map { _ in .timerTick }
      ]

    case .nthPrimeButtonTapped:
      guard !state.isNthPrimeButtonDisabled else { return [] }
      let n = state.count
      guard n >= 1 else {
        state.errorMessage = CounterError.noSuchPrime(n: n).message
        return []
      }
      state.isNthPrimeButtonDisabled = true
      state.errorMessage = nil
      return [
        environment.nthPrime(n)
          .receive(on: environment.mainQueue)
          .map { event in
            switch event {
            case .progress(let fraction): return .nthPrimeProgress(fraction)
            case .answer(let result): return .nthPrimeResponse(n: n, result)
            }
          }
          .cancellable(id: CounterCancelID.nthPrime, cancelInFlight: true)
      ]

    case .nthPrimeProgress(let fraction):
      state.nthPrimeProgress = fraction
      return []

    case .nthPrimeResponse(let n, .success(let prime)):
      state.isNthPrimeButtonDisabled = false
      state.nthPrimeProgress = nil
      state.alertNthPrime = .nthPrime(n: n, prime: prime)
      return []

    case .nthPrimeResponse(_, .failure(let error)):
      state.isNthPrimeButtonDisabled = false
      state.nthPrimeProgress = nil
      state.errorMessage = error.message
      return []

    case .nthPrimeCancelButtonTapped:
      guard state.isNthPrimeButtonDisabled else { return [] }
      state.isNthPrimeButtonDisabled = false
      state.nthPrimeProgress = nil
      return [.cancel(id: CounterCancelID.nthPrime)]

    case .alertNthPrime:
      return []

    case .errorDismissButtonTapped:
      state.errorMessage = nil
      return []
    }
  }
}

/// The ids of the counter's long-running effects, so that a later action can cancel them.
extension CounterState {
  /// A fact, or an error about a request for the count, is about the number it was asked for: once
  /// the count moves on it would read as if it were about the new one, so it goes; so does a fact
  /// still on its way, which would arrive as the new count's.
  fileprivate mutating func forgetWhatWasAboutTheOldCount() -> [Effect<CounterAction>] {
    fact = nil
    errorMessage = nil
    guard isLoading else { return [] }
    isLoading = false
    return [.cancel(id: CounterCancelID.fact)]
  }
}

enum CounterCancelID: Hashable, Sendable {
  case fact
  case nthPrime
  case timer
}
