import Counter
import EffectfulTesting
import PrimeTime
import Testing

@MainActor
@Test func nthPrimeArrivesOnTheMainQueue() async {
  let store = TestStore(initialValue: AppState(), reducer: appReducer)
  store.send(.counter(.incrementButtonTapped)) { $0.counter.count = 1 }
  store.send(.counter(.incrementButtonTapped)) { $0.counter.count = 2 }
  store.send(.primeModal(.saveFavoritePrimeTapped)) { $0.favoritePrimes = [2] }
  store.send(.counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true }
  await store.receive(.counter(.nthPrimeResponse(3))) {
    $0.counter.alertNthPrime = 3
    $0.counter.isNthPrimeButtonDisabled = false
  }
  await store.finish()
}
