import Effectful
import EffectfulCounter
import EffectfulPrimeModal
import EffectfulTesting
import Testing

@MainActor
@Suite struct CounterViewTests {
  let scheduler = TestScheduler()

  func reducer() -> Reducer<CounterViewState, CounterViewAction> {
    counterViewReducer(
      environment: CounterEnvironment(
        nthPrime: { _ in .send(.answer(.success(3))) },
        fact: { _ in .send(.success("2 is even.")) },
        mainQueue: scheduler))
  }

  @Test func theIsPrimeScreenIsPresentedForTheCountAndItsEditsComeBack() {
    let store = TestStore(initialValue: CounterViewState(), reducer: reducer())
    store.send(.counter(.incrementButtonTapped)) { $0.count = 1 }
    store.send(.counter(.incrementButtonTapped)) { $0.count = 2 }
    store.send(.isPrimeButtonTapped) { $0.primeModal = PrimeModalState(count: 2, favoritePrimes: []) }
    store.send(.primeModal(.presented(.saveFavoritePrimeTapped))) { $0.favoritePrimes = [2] }
    store.send(.primeModal(.dismiss)) { $0.primeModal = nil }
    store.send(.counter(.incrementButtonTapped)) { $0.count = 3 }
    store.send(.isPrimeButtonTapped) { $0.primeModal = PrimeModalState(count: 3, favoritePrimes: [2]) }
    store.send(.primeModal(.presented(.saveFavoritePrimeTapped))) { $0.favoritePrimes = [2, 3] }
    store.send(.primeModal(.presented(.removeFavoritePrimeTapped))) { $0.favoritePrimes = [2] }
    store.send(.primeModal(.dismiss)) { $0.primeModal = nil }
  }

  @Test func counterEffectsComeBackAsScreenActions() {
    let store = TestStore(initialValue: CounterViewState(counter: CounterState(count: 2)), reducer: reducer())
    store.send(.counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true }
    store.send(.counter(.factButtonTapped)) { $0.counter.isLoading = true }
    scheduler.advance()
    store.receive(.counter(.nthPrimeResponse(n: 2, .success(3)))) {
      $0.counter.isNthPrimeButtonDisabled = false
      $0.counter.alertNthPrime = .nthPrime(n: 2, prime: 3)
    }
    store.receive(.counter(.factResponse(.success("2 is even.")))) {
      $0.counter.isLoading = false
      $0.counter.fact = "2 is even."
    }
  }

  @Test func aListWrittenToTheScreenIsHandedToThePresentedIsPrimeScreen() {
    var state = CounterViewState(
      counter: CounterState(count: 5), favoritePrimes: [2],
      primeModal: PrimeModalState(count: 5, favoritePrimes: [2]))
    state.favoritePrimes = [2, 5]
    #expect(state.primeModal == PrimeModalState(count: 5, favoritePrimes: [2, 5]))
    state.count = 7
    // The screen stays about the count it was opened for.
    #expect(state.primeModal?.count == 5)
  }
}
