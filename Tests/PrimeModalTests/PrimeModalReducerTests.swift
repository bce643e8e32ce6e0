import Effectful
import EffectfulTesting
import EffectfulPrimeModal
import Testing

@MainActor
@Suite struct PrimeModalReducerTests {
  @Test func saveAddsTheCountToTheFavorites() {
    let store = TestStore(
      initialValue: PrimeModalState(count: 7, favoritePrimes: [2, 3]), reducer: primeModalReducer)
    store.send(.saveFavoritePrimeTapped) { $0.favoritePrimes = [2, 3, 7] }
  }

  @Test func savingAFavoriteAgainChangesNothing() {
    let store = TestStore(
      initialValue: PrimeModalState(count: 3, favoritePrimes: [2, 3]), reducer: primeModalReducer)
    store.send(.saveFavoritePrimeTapped)
  }

  @Test func removeTakesTheCountOutOfTheFavorites() {
    let store = TestStore(
      initialValue: PrimeModalState(count: 3, favoritePrimes: [2, 3, 5]), reducer: primeModalReducer)
    store.send(.removeFavoritePrimeTapped) { $0.favoritePrimes = [2, 5] }
  }

  @Test func removingANumberThatIsNotAFavoriteChangesNothing() {
    let store = TestStore(
      initialValue: PrimeModalState(count: 11, favoritePrimes: [2, 3]), reducer: primeModalReducer)
    store.send(.removeFavoritePrimeTapped)
  }

  @Test func saveThenRemoveIsARoundTrip() {
    let store = TestStore(
      initialValue: PrimeModalState(count: 13, favoritePrimes: []), reducer: primeModalReducer)
    store.send(.saveFavoritePrimeTapped) { $0.favoritePrimes = [13] }
    #expect(store.value.isFavorite)
    store.send(.removeFavoritePrimeTapped) { $0.favoritePrimes = [] }
    #expect(!store.value.isFavorite)
  }

  @Test func isFavorite() {
    #expect(PrimeModalState(count: 3, favoritePrimes: [2, 3]).isFavorite)
    #expect(!PrimeModalState(count: 5, favoritePrimes: [2, 3]).isFavorite)
  }
}
