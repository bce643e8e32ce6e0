import EffectfulCounter
import Effectful
import EffectfulTesting
import EffectfulFavoritePrimes
import Foundation
import EffectfulPrimeTime
import Testing

/// The offline app environment end to end: local primes, real files.
@MainActor
@Suite struct OfflineAppTests {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "PrimeTimeTests-\(UUID().uuidString)")
  }

  let now = Date(timeIntervalSince1970: 1_000_000)

  /// The offline environment with its favorites in this test's directory and a fixed clock.
  func environment() -> AppEnvironment {
    var environment = AppEnvironment.offline(
      favoritesFile: FavoritePrimesFile(url: directory.appendingPathComponent("favorite-primes.json")))
    environment.now = { [now] in now }
    return environment
  }

  @Test func favoriteSaveAndLoadAcrossTwoRuns() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = TestStore(
      initialValue: AppState(counter: CounterState(count: 11)),
      reducer: appReducer(environment: environment()))
    first.send(.counterView(.primeModal(.saveFavoritePrimeTapped))) {
      $0.favoritePrimes = [11]
      $0.activityFeed = [Activity(timestamp: self.now, type: .addedFavoritePrime(11))]
    }
    first.send(.favoritePrimes(.saveButtonTapped)) { $0.favorites.isSaving = true }
    first.timeout = .seconds(30)  // the file is written off the main thread
    await first.receive(.favoritePrimes(.favoritePrimesSaved(.success([11])))) {
      $0.favorites.isSaving = false
      $0.favorites.statusMessage = "Saved 1 favorite prime."
    }

    let second = TestStore(initialValue: AppState(), reducer: appReducer(environment: environment()))
    second.send(.favoritePrimes(.loadButtonTapped)) { $0.favorites.isLoading = true }
    second.timeout = .seconds(30)
    await second.receive(.favoritePrimes(.favoritePrimesLoaded(.success([11])))) {
      $0.favorites.isLoading = false
      $0.favoritePrimes = [11]
      $0.favorites.statusMessage = "Loaded 1 favorite prime."
    }
  }

  @Test func nthPrimeOffline() async {
    let store = TestStore(
      initialValue: AppState(counter: CounterState(count: 10)),
      reducer: appReducer(environment: environment()))
    store.timeout = .seconds(30)  // only waited for when the test is failing
    store.send(.counterView(.counter(.nthPrimeButtonTapped))) { $0.counter.isNthPrimeButtonDisabled = true }
    await store.receive(.counterView(.counter(.nthPrimeResponse(n: 10, .success(29))))) {
      $0.counter.isNthPrimeButtonDisabled = false
      $0.counter.alertNthPrime = .nthPrime(n: 10, prime: 29)
    }
    await store.finish()
  }
}
