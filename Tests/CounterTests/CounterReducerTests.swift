import EffectfulCounter
import Effectful
import EffectfulTesting
import Testing

@MainActor
@Suite struct CounterReducerTests {
  let scheduler = TestScheduler()

  @Test func incrementAndDecrement() {
    let store = TestStore(
      initialValue: CounterState(), reducer: counterReducer(environment: .test(scheduler: scheduler)))
    store.send(.incrementButtonTapped) { $0.count = 1 }
    store.send(.incrementButtonTapped) { $0.count = 2 }
    store.send(.decrementButtonTapped) { $0.count = 1 }
    store.send(.decrementButtonTapped) { $0.count = 0 }
    store.send(.decrementButtonTapped) { $0.count = -1 }
  }

  @Test func countStopsAtTheEndsOfIntSayingWhy() {
    let top = TestStore(
      initialValue: CounterState(count: .max),
      reducer: counterReducer(environment: .test(scheduler: scheduler)))
    top.send(.incrementButtonTapped) {
      $0.errorMessage = CounterError.countAtLimit(.max).message
    }
    #expect(top.value.errorMessage?.contains("9,223,372,036,854,775,807") == true)
    let bottom = TestStore(
      initialValue: CounterState(count: .min),
      reducer: counterReducer(environment: .test(scheduler: scheduler)))
    bottom.send(.decrementButtonTapped) {
      $0.errorMessage = CounterError.countAtLimit(.min).message
    }
    #expect(bottom.value.errorMessage?.contains("smallest") == true)
  }

  @Test func theTimerStopsAtTheLargestCountSayingWhy() {
    let store = TestStore(
      initialValue: CounterState(count: .max - 1),
      reducer: counterReducer(environment: .test(scheduler: scheduler)))
    store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
    scheduler.advance(by: .seconds(1))
    store.receive(.timerTick) { $0.count = .max }
    scheduler.advance(by: .seconds(1))
    store.receive(.timerTick) {
      $0.errorMessage = CounterError.countAtLimit(.max).message
      $0.isTimerRunning = false
    }
    scheduler.advance(by: .seconds(5))
  }

  // MARK: Fact

  @Test func factButtonFetchesAFact() {
    let store = TestStore(
      initialValue: CounterState(count: 7),
      reducer: counterReducer(
        environment: .test(scheduler: scheduler, fact: { n in .send(.success("\(n) is lucky.")) })))
    store.send(.factButtonTapped) { $0.isLoading = true }
    scheduler.advance()
    store.receive(.factResponse(.success("7 is lucky."))) {
      $0.isLoading = false
      $0.fact = "7 is lucky."
    }
  }

  @Test func factFailureBecomesAMessageAndLoadingEnds() {
    let error = CounterError.network(
      .transport(code: -1009, description: "The Internet connection appears to be offline."))
    let store = TestStore(
      initialValue: CounterState(count: 7, fact: "7 is lucky."),
      reducer: counterReducer(environment: .test(scheduler: scheduler, fact: { _ in .send(.failure(error)) }))
    )
    store.send(.factButtonTapped) { $0.isLoading = true }
    scheduler.advance()
    store.receive(.factResponse(.failure(error))) {
      $0.isLoading = false
      $0.errorMessage = error.message  // the old fact stays on screen
    }
    store.send(.errorDismissButtonTapped) { $0.errorMessage = nil }
  }

  @Test func factButtonClearsAnOldError() {
    let store = TestStore(
      initialValue: CounterState(count: 2, errorMessage: "Earlier failure"),
      reducer: counterReducer(
        environment: .test(scheduler: scheduler, fact: { _ in .send(.success("2 is even.")) })))
    store.send(.factButtonTapped) {
      $0.isLoading = true
      $0.errorMessage = nil
    }
    scheduler.advance()
    store.receive(.factResponse(.success("2 is even."))) {
      $0.isLoading = false
      $0.fact = "2 is even."
    }
  }

  @Test func aSecondFactTapReplacesTheFirstRequest() {
    let store = TestStore(
      initialValue: CounterState(count: 1),
      reducer: counterReducer(
        environment: .test(
          scheduler: scheduler,
          fact: { [scheduler] n in
            Effect.send(.success("fact \(n)")).delay(for: .seconds(1), scheduler: scheduler)
          })))
    store.send(.factButtonTapped) { $0.isLoading = true }
    store.send(.incrementButtonTapped) {
      $0.count = 2
      $0.isLoading = false  // the fact about 1 is cancelled
    }
    store.send(.factButtonTapped) { $0.isLoading = true }
    scheduler.advance(by: .seconds(5))
    store.receive(.factResponse(.success("fact 2"))) {
      $0.isLoading = false
      $0.fact = "fact 2"
    }
  }

  // MARK: Timer

  @Test func timerTicksEverySecondUntilToggledOff() {
    let store = TestStore(
      initialValue: CounterState(), reducer: counterReducer(environment: .test(scheduler: scheduler)))
    store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
    scheduler.advance(by: .milliseconds(999))
    scheduler.advance(by: .milliseconds(1))
    store.receive(.timerTick) { $0.count = 1 }
    scheduler.advance(by: .seconds(2))
    store.receive(.timerTick) { $0.count = 2 }
    store.receive(.timerTick) { $0.count = 3 }
    store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = false }
    scheduler.advance(by: .seconds(10))
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func timerCanBeStartedAgainAfterStopping() {
    let store = TestStore(
      initialValue: CounterState(), reducer: counterReducer(environment: .test(scheduler: scheduler)))
    store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
    store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = false }
    scheduler.advance(by: .seconds(3))
    store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
    scheduler.advance(by: .seconds(1))
    store.receive(.timerTick) { $0.count = 1 }
    store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = false }
  }

  // MARK: Nth prime

  @Test func nthPrimeShowsAnAlertAndReenablesTheButton() {
    let store = TestStore(
      initialValue: CounterState(count: 3),
      reducer: counterReducer(
        environment: .test(scheduler: scheduler, nthPrime: { n in .send(.answer(.success(n == 3 ? 5 : 0))) }))
    )
    store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
    scheduler.advance()
    store.receive(.nthPrimeResponse(n: 3, .success(5))) {
      $0.isNthPrimeButtonDisabled = false
      $0.alertNthPrime = .nthPrime(n: 3, prime: 5)
    }
    #expect(store.value.alertNthPrime?.title.string == "The 3rd prime is 5")
    store.send(.alertNthPrime(.dismiss)) { $0.alertNthPrime = nil }
  }

  @Test func nthPrimeReportsProgressThenClearsIt() {
    let store = TestStore(
      initialValue: CounterState(count: 1_000),
      reducer: counterReducer(
        environment: .test(
          scheduler: scheduler,
          nthPrime: { _ in
            Effect { callback in
              callback(.progress(0.25))
              callback(.progress(0.5))
              callback(.answer(.success(7_919)))
            }
          })))
    store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
    scheduler.advance()
    store.receive(.nthPrimeProgress(0.25)) { $0.nthPrimeProgress = 0.25 }
    store.receive(.nthPrimeProgress(0.5)) { $0.nthPrimeProgress = 0.5 }
    store.receive(.nthPrimeResponse(n: 1_000, .success(7_919))) {
      $0.isNthPrimeButtonDisabled = false
      $0.nthPrimeProgress = nil
      $0.alertNthPrime = .nthPrime(n: 1_000, prime: 7_919)
    }
  }

  @Test func nthPrimeFailureBecomesAMessageAndReenablesTheButton() {
    let store = TestStore(
      initialValue: CounterState(count: 3),
      reducer: counterReducer(
        environment: .test(
          scheduler: scheduler,
          nthPrime: { _ in
            Effect { callback in
              callback(.progress(0.5))
              callback(.answer(.failure(.noAnswer(n: 3))))
            }
          })))
    store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
    scheduler.advance()
    store.receive(.nthPrimeProgress(0.5)) { $0.nthPrimeProgress = 0.5 }
    store.receive(.nthPrimeResponse(n: 3, .failure(.noAnswer(n: 3)))) {
      $0.isNthPrimeButtonDisabled = false
      $0.nthPrimeProgress = nil
      $0.errorMessage = "The answer did not say what the 3rd prime is. Try again, or use the offline mode."
    }
  }

  @Test(arguments: [0, -1, Int.min])
  func nthPrimeOfACountBelowOneExplainsWithoutAsking(count: Int) {
    let store = TestStore(
      initialValue: CounterState(count: count),
      reducer: counterReducer(environment: .test(scheduler: scheduler)))
    store.send(.nthPrimeButtonTapped) {
      $0.errorMessage = CounterError.noSuchPrime(n: count).message
    }
  }

  @Test func nthPrimeTapWhileSearchingDoesNothing() {
    let requests = LockedValue(0)
    let store = TestStore(
      initialValue: CounterState(count: 2),
      reducer: counterReducer(
        environment: .test(
          scheduler: scheduler,
          nthPrime: { [scheduler] _ in
            requests.withValue { $0 += 1 }
            return Effect.send(.answer(.success(3))).delay(for: .seconds(1), scheduler: scheduler)
          })))
    store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
    store.send(.nthPrimeButtonTapped)
    scheduler.advance(by: .seconds(1))
    store.receive(.nthPrimeResponse(n: 2, .success(3))) {
      $0.isNthPrimeButtonDisabled = false
      $0.alertNthPrime = .nthPrime(n: 2, prime: 3)
    }
    #expect(requests.withValue { $0 } == 1)
  }

  @Test func nthPrimeCanBeCancelled() {
    let store = TestStore(
      initialValue: CounterState(count: 5),
      reducer: counterReducer(
        environment: .test(
          scheduler: scheduler,
          nthPrime: { [scheduler] _ in
            .concatenate(
              Effect { callback in callback(.progress(0.1)) },
              Effect.send(.answer(.success(11))).delay(for: .seconds(1), scheduler: scheduler))
          })))
    store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
    scheduler.advance()
    store.receive(.nthPrimeProgress(0.1)) { $0.nthPrimeProgress = 0.1 }
    store.send(.nthPrimeCancelButtonTapped) {
      $0.isNthPrimeButtonDisabled = false
      $0.nthPrimeProgress = nil
    }
    scheduler.advance(by: .seconds(5))  // the answer that was on its way never arrives
  }

  @Test func cancelWithNoSearchRunningDoesNothing() {
    let store = TestStore(
      initialValue: CounterState(count: 5), reducer: counterReducer(environment: .test(scheduler: scheduler)))
    store.send(.nthPrimeCancelButtonTapped)
  }

  @Test func theAlertKeepsTheAskedNEvenIfTheCountMoved() {
    let store = TestStore(
      initialValue: CounterState(count: 4),
      reducer: counterReducer(
        environment: .test(scheduler: scheduler, nthPrime: { _ in .send(.answer(.success(7))) })))
    store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
    store.send(.incrementButtonTapped) { $0.count = 5 }
    scheduler.advance()
    store.receive(.nthPrimeResponse(n: 4, .success(7))) {
      $0.isNthPrimeButtonDisabled = false
      $0.alertNthPrime = .nthPrime(n: 4, prime: 7)
    }
    #expect(store.value.alertNthPrime?.title.string == "The 4th prime is 7")
  }

  @Test func answersArriveOnlyThroughTheMainQueue() {
    let store = TestStore(
      initialValue: CounterState(count: 1),
      reducer: counterReducer(
        environment: .test(scheduler: scheduler, nthPrime: { _ in .send(.answer(.success(2))) })))
    store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
    // Nothing is delivered until the main queue runs, even for an answer that was ready at once.
    #expect(scheduler.scheduledCount > 0)
    scheduler.advance()
    store.receive(.nthPrimeResponse(n: 1, .success(2))) {
      $0.isNthPrimeButtonDisabled = false
      $0.alertNthPrime = .nthPrime(n: 1, prime: 2)
    }
  }
}
