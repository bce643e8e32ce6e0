import EffectfulCounter
import Effectful
import Testing

@Suite struct CounterStateTests {
  @Test(arguments: [
    (1, 2, "The 1st prime is 2"), (2, 3, "The 2nd prime is 3"), (3, 5, "The 3rd prime is 5"),
    (11, 31, "The 11th prime is 31"), (1_000, 7_919, "The 1000th prime is 7919"),
  ])
  func alertTitle(n: Int, prime: Int, title: String) {
    let alert = AlertState.nthPrime(n: n, prime: prime)
    #expect(alert.title.string == title)
    #expect(alert.buttons.map(\.label) == [TextState("OK")])
  }

  @Test func isPrime() {
    #expect(CounterState(count: 7).isPrime)
    #expect(!CounterState(count: 1).isPrime)
    #expect(!CounterState(count: -7).isPrime)
  }

  @Test func startsIdle() {
    let state = CounterState()
    #expect(state.count == 0)
    #expect(
      state.fact == nil && state.alertNthPrime == nil && state.errorMessage == nil
        && state.nthPrimeProgress == nil)
    #expect(!state.isLoading && !state.isTimerRunning && !state.isNthPrimeButtonDisabled)
  }

  @Test func everyErrorSaysWhatToDo() {
    let errors: [CounterError] = [
      .network(.emptyResponse), .wolframAlpha("Invalid appid"), .missingAppID, .noAnswer(n: 2),
      .noSuchPrime(n: 0), .noFact(5), .invalidURL("nowhere"),
    ]
    for error in errors {
      #expect(!error.message.isEmpty)
      #expect(error.description == error.message)
    }
    #expect(CounterError.missingAppID.message.contains("WOLFRAM_APP_ID"))
    #expect(CounterError.noSuchPrime(n: 0).message.hasPrefix("There is no 0th prime"))
  }
}
