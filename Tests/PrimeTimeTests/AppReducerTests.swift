import Effectful
import EffectfulCounter
import EffectfulFavoritePrimes
import EffectfulPrimeModal
import EffectfulPrimeTime
import EffectfulTesting
import Foundation
import Testing

extension AppEnvironment {
  /// A test environment: stub answers, favorites in memory, a fixed clock, time on `scheduler`.
  static func test(
    scheduler: TestScheduler,
    now: Date = Date(timeIntervalSince1970: 1_000_000),
    saved: LockedValue<[Int]> = LockedValue([])
  ) -> AppEnvironment {
    AppEnvironment(
      counter: CounterEnvironment(
        nthPrime: { n in .send(.answer(n == 3 ? .success(5) : .failure(.noAnswer(n: n)))) },
        fact: { n in .send(.success("\(n) is a number.")) },
        mainQueue: scheduler),
      favoritePrimes: FavoritePrimesEnvironment(
        save: { primes in
          saved.withValue { $0 = primes }
          return .send(.success(primes))
        },
        load: { .send(.success(saved.withValue { $0 })) }),
      now: { now })
  }
}

@MainActor
@Suite struct AppReducerTests {
  let scheduler = TestScheduler()
  let now = Date(timeIntervalSince1970: 1_000_000)

  func store(_ state: AppState = AppState(), saved: LockedValue<[Int]> = LockedValue([])) -> TestStore<
    AppState, AppAction
  > {
    TestStore(
      initialValue: state,
      reducer: appReducer(environment: .test(scheduler: scheduler, now: now, saved: saved)))
  }

  @Test func theCounterScreenIsPushedWithTheAppsCountAndKeepsItWhenPopped() {
    let store = store(AppState(count: 3, favoritePrimes: [2]))
    store.send(.counterButtonTapped) {
      $0.path[id: 0] = .counter(CounterViewState(counter: CounterState(count: 3), favoritePrimes: [2]))
    }
    store.send(.counter(0, .incrementButtonTapped)) {
      $0[counter: 0]?.count = 4
      $0.count = 4
    }
    store.send(.path(.popFrom(id: 0))) { $0.path = [] }
    // Pushed again, under a new id: the count the app kept.
    store.send(.counterButtonTapped) {
      $0.path[id: 1] = .counter(CounterViewState(counter: CounterState(count: 4), favoritePrimes: [2]))
    }
  }

  @Test func anNthPrimeSearchInFlightStopsWhenItsScreenIsPopped() {
    let store = store(AppState(count: 3))
    store.send(.counterButtonTapped) { $0.path[id: 0] = .counter($0.newCounterScreen()) }
    store.send(.counter(0, .nthPrimeButtonTapped)) { $0[counter: 0]?.counter.isNthPrimeButtonDisabled = true }
    store.send(.path(.popFrom(id: 0))) { $0.path = [] }
    // The answer was due now: had it not been cancelled, the test store would receive it (and
    // report it as unexpected at the end of the test), for a screen that is gone.
    scheduler.advance(by: .seconds(60))
    #expect(store.value.path.isEmpty)
  }

  @Test func thePoppedCounterTakesItsTimerAndItsFactWithIt() {
    let store = store()
    store.send(.counterButtonTapped) { $0.path[id: 0] = .counter($0.newCounterScreen()) }
    store.send(.counter(0, .toggleTimerButtonTapped)) { $0[counter: 0]?.counter.isTimerRunning = true }
    store.send(.counter(0, .factButtonTapped)) { $0[counter: 0]?.counter.isLoading = true }
    scheduler.advance(by: .seconds(1))
    store.receive(.counter(0, .factResponse(.success("0 is a number.")))) {
      $0[counter: 0]?.counter.isLoading = false
      $0[counter: 0]?.counter.fact = "0 is a number."
    }
    store.receive(.counter(0, .timerTick)) {
      $0[counter: 0]?.count = 1
      $0[counter: 0]?.counter.fact = nil
      $0.count = 1
    }
    store.send(.path(.popFrom(id: 0))) { $0.path = [] }
    scheduler.advance(by: .seconds(10))
    #expect(store.value.count == 1)
  }

  @Test func theIsPrimeScreenIsPresentedAndItsEditsAreRecordedInTheFeed() {
    let store = store(AppState(count: 7))
    store.send(.counterButtonTapped) { $0.path[id: 0] = .counter($0.newCounterScreen()) }
    store.send(.counterScreen(0, .isPrimeButtonTapped)) {
      $0[counter: 0]?.primeModal = PrimeModalState(count: 7, favoritePrimes: [])
    }
    store.send(.primeModal(0, .saveFavoritePrimeTapped)) {
      $0[counter: 0]?.favoritePrimes = [7]
      $0.favoritePrimes = [7]
      $0.activityFeed = [Activity(timestamp: self.now, type: .addedFavoritePrime(7))]
    }
    store.send(.primeModal(0, .removeFavoritePrimeTapped)) {
      $0[counter: 0]?.favoritePrimes = []
      $0.favoritePrimes = []
      $0.activityFeed.append(Activity(timestamp: self.now, type: .removedFavoritePrime(7)))
    }
    store.send(.counterScreen(0, .primeModal(.dismiss))) { $0[counter: 0]?.primeModal = nil }
  }

  @Test func savingAFavoriteTwiceIsRecordedOnce() {
    let store = store(AppState(count: 3, favoritePrimes: [3]))
    store.send(.counterButtonTapped) { $0.path[id: 0] = .counter($0.newCounterScreen()) }
    store.send(.counterScreen(0, .isPrimeButtonTapped)) {
      $0[counter: 0]?.primeModal = PrimeModalState(count: 3, favoritePrimes: [3])
    }
    store.send(.primeModal(0, .saveFavoritePrimeTapped))
    store.send(.primeModal(0, .removeFavoritePrimeTapped)) {
      $0[counter: 0]?.favoritePrimes = []
      $0.favoritePrimes = []
      $0.activityFeed = [Activity(timestamp: self.now, type: .removedFavoritePrime(3))]
    }
    store.send(.primeModal(0, .removeFavoritePrimeTapped))
  }

  @Test func favoritesEditedInTheIsPrimeScreenShowOnTheFavoritesScreenAndEndItsStatus() {
    let store = store(AppState(count: 7, favoritePrimes: [3]))
    store.send(.favoritePrimesButtonTapped) { $0.path[id: 0] = .favorites($0.newFavoritesScreen()) }
    store.send(.favorites(0, .saveButtonTapped)) { $0[favorites: 0]?.isSaving = true }
    store.receive(.favorites(0, .favoritePrimesSaved(.success([3])))) {
      $0[favorites: 0]?.isSaving = false
      $0[favorites: 0]?.statusMessage = "Saved 1 favorite prime."
    }
    store.send(.counterButtonTapped) { $0.path[id: 1] = .counter($0.newCounterScreen()) }
    store.send(.counterScreen(1, .isPrimeButtonTapped)) {
      $0[counter: 1]?.primeModal = PrimeModalState(count: 7, favoritePrimes: [3])
    }
    store.send(.primeModal(1, .saveFavoritePrimeTapped)) {
      $0[counter: 1]?.favoritePrimes = [3, 7]
      $0.favoritePrimes = [3, 7]
      $0[favorites: 0]?.favoritePrimes = [3, 7]
      $0[favorites: 0]?.statusMessage = nil
      $0.activityFeed = [Activity(timestamp: self.now, type: .addedFavoritePrime(7))]
    }
  }

  @Test func deletingAtOffsetsRecordsEachRemovedPrimeAndTheCounterSeesIt() {
    let store = store(AppState(favoritePrimes: [2, 3, 5, 7]))
    store.send(.counterButtonTapped) { $0.path[id: 0] = .counter($0.newCounterScreen()) }
    store.send(.favoritePrimesButtonTapped) { $0.path[id: 1] = .favorites($0.newFavoritesScreen()) }
    store.send(.favorites(1, .deleteFavoritePrimes([0, 2]))) {
      $0[favorites: 1]?.favoritePrimes = [3, 7]
      $0[counter: 0]?.favoritePrimes = [3, 7]
      $0.favoritePrimes = [3, 7]
      $0.activityFeed = [
        Activity(timestamp: self.now, type: .removedFavoritePrime(2)),
        Activity(timestamp: self.now, type: .removedFavoritePrime(5)),
      ]
    }
  }

  @Test func theFavoritesScreenSavesWhatTheIsPrimeScreenSaved() {
    let saved = LockedValue<[Int]>([])
    let store = store(AppState(count: 2), saved: saved)
    store.send(.counterButtonTapped) { $0.path[id: 0] = .counter($0.newCounterScreen()) }
    store.send(.counterScreen(0, .isPrimeButtonTapped)) {
      $0[counter: 0]?.primeModal = PrimeModalState(count: 2, favoritePrimes: [])
    }
    store.send(.primeModal(0, .saveFavoritePrimeTapped)) {
      $0[counter: 0]?.favoritePrimes = [2]
      $0.favoritePrimes = [2]
      $0.activityFeed = [Activity(timestamp: self.now, type: .addedFavoritePrime(2))]
    }
    store.send(.favoritePrimesButtonTapped) {
      $0.path[id: 1] = .favorites(FavoritePrimesState(favoritePrimes: [2]))
    }
    store.send(.favorites(1, .saveButtonTapped)) { $0[favorites: 1]?.isSaving = true }
    store.receive(.favorites(1, .favoritePrimesSaved(.success([2])))) {
      $0[favorites: 1]?.isSaving = false
      $0[favorites: 1]?.statusMessage = "Saved 1 favorite prime."
    }
    #expect(saved.withValue { $0 } == [2])
  }

  @Test func loadingFavoritesIsNotRecordedAsEdits() {
    let store = store(AppState(favoritePrimes: [2]), saved: LockedValue([3, 5]))
    store.send(.favoritePrimesButtonTapped) { $0.path[id: 0] = .favorites($0.newFavoritesScreen()) }
    store.send(.favorites(0, .loadButtonTapped)) { $0[favorites: 0]?.isLoading = true }
    store.receive(.favorites(0, .favoritePrimesLoaded(.success([3, 5])))) {
      $0[favorites: 0]?.isLoading = false
      $0[favorites: 0]?.favoritePrimes = [3, 5]
      $0[favorites: 0]?.statusMessage = "Loaded 2 favorite primes."
      $0.favoritePrimes = [3, 5]
    }
  }

  @Test func nthPrimeThroughTheAppIsAnAlertEscDismisses() {
    let store = store(AppState(count: 3))
    store.send(.counterButtonTapped) { $0.path[id: 0] = .counter($0.newCounterScreen()) }
    store.send(.counter(0, .nthPrimeButtonTapped)) { $0[counter: 0]?.counter.isNthPrimeButtonDisabled = true }
    scheduler.advance()
    store.receive(.counter(0, .nthPrimeResponse(n: 3, .success(5)))) {
      $0[counter: 0]?.counter.isNthPrimeButtonDisabled = false
      $0[counter: 0]?.counter.alertNthPrime = .nthPrime(n: 3, prime: 5)
    }
    store.send(.counter(0, .alertNthPrime(.dismiss))) { $0[counter: 0]?.counter.alertNthPrime = nil }
  }

  @Test func theFeedUsesTheInjectedClock() {
    let times = LockedValue([Date(timeIntervalSince1970: 10), Date(timeIntervalSince1970: 20)])
    let environment = AppEnvironment(
      counter: AppEnvironment.test(scheduler: scheduler).counter,
      favoritePrimes: AppEnvironment.test(scheduler: scheduler).favoritePrimes,
      now: { times.withValue { $0.removeFirst() } })
    let store = TestStore(
      initialValue: AppState(count: 5), reducer: appReducer(environment: environment))
    store.send(.counterButtonTapped) { $0.path[id: 0] = .counter($0.newCounterScreen()) }
    store.send(.counterScreen(0, .isPrimeButtonTapped)) {
      $0[counter: 0]?.primeModal = PrimeModalState(count: 5, favoritePrimes: [])
    }
    store.send(.primeModal(0, .saveFavoritePrimeTapped)) {
      $0[counter: 0]?.favoritePrimes = [5]
      $0.favoritePrimes = [5]
      $0.activityFeed = [Activity(timestamp: Date(timeIntervalSince1970: 10), type: .addedFavoritePrime(5))]
    }
    store.send(.counter(0, .incrementButtonTapped)) {  // reads no time
      $0[counter: 0]?.count = 6
      $0.count = 6
    }
    store.send(.favoritePrimesButtonTapped) { $0.path[id: 1] = .favorites($0.newFavoritesScreen()) }
    store.send(.favorites(1, .deleteFavoritePrimes([0]))) {
      $0[favorites: 1]?.favoritePrimes = []
      $0[counter: 0]?.favoritePrimes = []
      $0.favoritePrimes = []
      $0.activityFeed.append(
        Activity(timestamp: Date(timeIntervalSince1970: 20), type: .removedFavoritePrime(5)))
    }
  }
}

@MainActor
@Suite struct LoggingTests {
  @Test func loggingPrintsEachActionAndTheStateAfterIt() {
    let lines = LockedValue<[String]>([])
    let store = TestStore(
      initialValue: AppState(),
      reducer: appReducer(
        environment: .test(scheduler: TestScheduler()),
        logging: { line in lines.withValue { $0.append(line) } }))
    store.send(.counterButtonTapped) { $0.path[id: 0] = .counter($0.newCounterScreen()) }
    store.send(.counter(0, .incrementButtonTapped)) {
      $0[counter: 0]?.count = 1
      $0.count = 1
    }
    let logged = lines.withValue { $0 }
    #expect(logged.count == 2)
    #expect(logged.first?.contains("counterButtonTapped") == true)
    #expect(logged.last?.hasPrefix("Action: ") == true)
    #expect(logged.last?.contains("incrementButtonTapped") == true)
    #expect(logged.last?.contains("count: 1") == true)
  }

  @Test func withoutAPrinterNothingIsLogged() {
    // The reducer without logging returns no effect for a plain increment: nothing could print.
    let reducer = appReducer(environment: .test(scheduler: TestScheduler()))
    var state = AppState()
    #expect(reducer(&state, .counterButtonTapped).isEmpty)
  }
}

@Suite struct AppStateTests {
  @Test func screensStartFromTheAppsValuesAndTheTopmostOfEachIsFound() {
    var state = AppState(count: 3, favoritePrimes: [2])
    #expect(state.counterScreen == nil)
    #expect(state.favoritesScreen == nil)
    state.path = [.counter(state.newCounterScreen()), .favorites(state.newFavoritesScreen())]
    #expect(state.counterScreen == CounterViewState(counter: CounterState(count: 3), favoritePrimes: [2]))
    #expect(state.favoritesScreen == FavoritePrimesState(favoritePrimes: [2]))
  }

  @Test func theIsPrimeScreenIsHandedTheListWrittenToItsCounterScreen() {
    var screen = CounterViewState(
      counter: CounterState(count: 5), favoritePrimes: [2],
      primeModal: PrimeModalState(count: 5, favoritePrimes: [2]))
    screen.favoritePrimes = [2, 3]
    #expect(screen.primeModal == PrimeModalState(count: 5, favoritePrimes: [2, 3]))
  }

  @Test func activityDescriptions() {
    let date = Date(timeIntervalSince1970: 0)
    #expect(
      Activity(timestamp: date, type: .addedFavoritePrime(7)).description == "Added 7 to the favorite primes")
    #expect(
      Activity(timestamp: date, type: .removedFavoritePrime(7)).description
        == "Removed 7 from the favorite primes")
  }
}
