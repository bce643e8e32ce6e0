import Effectful
import EffectfulCounter
import EffectfulFavoritePrimes
import EffectfulPrimeTime
import EffectfulTesting
import Foundation
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
      initialValue: AppState(count: 11, favoritePrimes: [11]),
      reducer: appReducer(environment: environment()))
    first.send(.favoritePrimesButtonTapped) { $0.path[id: 0] = .favorites($0.newFavoritesScreen()) }
    first.send(.favorites(0, .saveButtonTapped)) { $0[favorites: 0]?.isSaving = true }
    first.timeout = .seconds(30)  // the file is written off the main thread
    await first.receive(.favorites(0, .favoritePrimesSaved(.success([11])))) {
      $0[favorites: 0]?.isSaving = false
      $0[favorites: 0]?.statusMessage = "Saved 1 favorite prime."
    }

    let second = TestStore(initialValue: AppState(), reducer: appReducer(environment: environment()))
    second.send(.favoritePrimesButtonTapped) { $0.path[id: 0] = .favorites($0.newFavoritesScreen()) }
    second.send(.favorites(0, .loadButtonTapped)) { $0[favorites: 0]?.isLoading = true }
    second.timeout = .seconds(30)
    await second.receive(.favorites(0, .favoritePrimesLoaded(.success([11])))) {
      $0[favorites: 0]?.isLoading = false
      $0[favorites: 0]?.favoritePrimes = [11]
      $0[favorites: 0]?.statusMessage = "Loaded 1 favorite prime."
      $0.favoritePrimes = [11]
    }
  }

  @Test func nthPrimeOffline() async {
    let store = TestStore(
      initialValue: AppState(count: 10), reducer: appReducer(environment: environment()))
    store.timeout = .seconds(30)  // only waited for when the test is failing
    store.send(.counterButtonTapped) { $0.path[id: 0] = .counter($0.newCounterScreen()) }
    store.send(.counter(0, .nthPrimeButtonTapped)) { $0[counter: 0]?.counter.isNthPrimeButtonDisabled = true }
    await store.receive(.counter(0, .nthPrimeResponse(n: 10, .success(29)))) {
      $0[counter: 0]?.counter.isNthPrimeButtonDisabled = false
      $0[counter: 0]?.counter.alertNthPrime = .nthPrime(n: 10, prime: 29)
    }
    await store.finish()
  }
}
