import EffectfulCounter
import Effectful
import EffectfulTesting
import EffectfulFavoritePrimes
import Foundation
import EffectfulPrimeModal
import EffectfulPrimeTime
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

  @Test func counterActionsReachTheCounter() {
    let store = store()
    store.send(.counterView(.counter(.incrementButtonTapped))) { $0.count = 1 }
    store.send(.counterView(.counter(.decrementButtonTapped))) { $0.count = 0 }
  }

  @Test func savingAFavoriteFromTheModalIsRecordedInTheFeed() {
    let store = store(AppState(counter: CounterState(count: 7)))
    store.send(.counterView(.primeModal(.saveFavoritePrimeTapped))) {
      $0.favoritePrimes = [7]
      $0.activityFeed = [Activity(timestamp: self.now, type: .addedFavoritePrime(7))]
    }
    store.send(.counterView(.primeModal(.removeFavoritePrimeTapped))) {
      $0.favoritePrimes = []
      $0.activityFeed.append(Activity(timestamp: self.now, type: .removedFavoritePrime(7)))
    }
  }

  @Test func anEditFromThePrimeModalEndsTheSavedStatus() {
    let store = store(
      AppState(
        counter: CounterState(count: 7),
        favorites: FavoritePrimesState(favoritePrimes: [3], statusMessage: "Saved 1 favorite prime.")))
    store.send(.counterView(.primeModal(.saveFavoritePrimeTapped))) {
      $0.favoritePrimes = [3, 7]
      $0.favorites.statusMessage = nil
      $0.activityFeed = [Activity(timestamp: self.now, type: .addedFavoritePrime(7))]
    }
  }

  @Test func savingAFavoriteTwiceIsRecordedOnce() {
    let store = store(
      AppState(counter: CounterState(count: 3), favorites: FavoritePrimesState(favoritePrimes: [3])))
    store.send(.counterView(.primeModal(.saveFavoritePrimeTapped)))
    store.send(.counterView(.primeModal(.removeFavoritePrimeTapped))) {
      $0.favoritePrimes = []
      $0.activityFeed = [Activity(timestamp: self.now, type: .removedFavoritePrime(3))]
    }
    store.send(.counterView(.primeModal(.removeFavoritePrimeTapped)))
  }

  @Test func deletingAtOffsetsRecordsEachRemovedPrime() {
    let store = store(AppState(favorites: FavoritePrimesState(favoritePrimes: [2, 3, 5, 7])))
    store.send(.favoritePrimes(.deleteFavoritePrimes([0, 2]))) {
      $0.favoritePrimes = [3, 7]
      $0.activityFeed = [
        Activity(timestamp: self.now, type: .removedFavoritePrime(2)),
        Activity(timestamp: self.now, type: .removedFavoritePrime(5)),
      ]
    }
  }

  @Test func theFavoritesScreenSeesWhatTheCounterSaved() {
    let saved = LockedValue<[Int]>([])
    let store = store(AppState(counter: CounterState(count: 2)), saved: saved)
    store.send(.counterView(.primeModal(.saveFavoritePrimeTapped))) {
      $0.favoritePrimes = [2]
      $0.activityFeed = [Activity(timestamp: self.now, type: .addedFavoritePrime(2))]
    }
    store.send(.favoritePrimes(.saveButtonTapped)) { $0.favorites.isSaving = true }
    store.receive(.favoritePrimes(.favoritePrimesSaved(.success([2])))) {
      $0.favorites.isSaving = false
      $0.favorites.statusMessage = "Saved 1 favorite prime."
    }
    #expect(saved.withValue { $0 } == [2])
  }

  @Test func loadingFavoritesIsNotRecordedAsEdits() {
    let store = store(
      AppState(favorites: FavoritePrimesState(favoritePrimes: [2])), saved: LockedValue([3, 5]))
    store.send(.favoritePrimes(.loadButtonTapped)) { $0.favorites.isLoading = true }
    store.receive(.favoritePrimes(.favoritePrimesLoaded(.success([3, 5])))) {
      $0.favorites.isLoading = false
      $0.favoritePrimes = [3, 5]
      $0.favorites.statusMessage = "Loaded 2 favorite primes."
    }
  }

  @Test func nthPrimeThroughTheApp() {
    let store = store(AppState(counter: CounterState(count: 3)))
    store.send(.counterView(.counter(.nthPrimeButtonTapped))) { $0.counter.isNthPrimeButtonDisabled = true }
    scheduler.advance()
    store.receive(.counterView(.counter(.nthPrimeResponse(n: 3, .success(5))))) {
      $0.counter.isNthPrimeButtonDisabled = false
      $0.counter.alertNthPrime = .nthPrime(n: 3, prime: 5)
    }
    store.send(.counterView(.counter(.alertNthPrime(.dismiss)))) { $0.counter.alertNthPrime = nil }
  }

  @Test func timerThroughTheApp() {
    let store = store()
    store.send(.counterView(.counter(.toggleTimerButtonTapped))) { $0.counter.isTimerRunning = true }
    scheduler.advance(by: .seconds(2))
    store.receive(.counterView(.counter(.timerTick))) { $0.count = 1 }
    store.receive(.counterView(.counter(.timerTick))) { $0.count = 2 }
    store.send(.counterView(.counter(.toggleTimerButtonTapped))) { $0.counter.isTimerRunning = false }
  }

  @Test func theFeedUsesTheInjectedClock() {
    let times = LockedValue([Date(timeIntervalSince1970: 10), Date(timeIntervalSince1970: 20)])
    let environment = AppEnvironment(
      counter: AppEnvironment.test(scheduler: scheduler).counter,
      favoritePrimes: AppEnvironment.test(scheduler: scheduler).favoritePrimes,
      now: { times.withValue { $0.removeFirst() } })
    let store = TestStore(
      initialValue: AppState(counter: CounterState(count: 5)), reducer: appReducer(environment: environment))
    store.send(.counterView(.primeModal(.saveFavoritePrimeTapped))) {
      $0.favoritePrimes = [5]
      $0.activityFeed = [Activity(timestamp: Date(timeIntervalSince1970: 10), type: .addedFavoritePrime(5))]
    }
    store.send(.counterView(.counter(.incrementButtonTapped))) { $0.count = 6 }  // reads no time
    store.send(.favoritePrimes(.deleteFavoritePrimes([0]))) {
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
    store.send(.counterView(.counter(.incrementButtonTapped))) { $0.count = 1 }
    let logged = lines.withValue { $0 }
    #expect(logged.count == 1)
    #expect(logged.first?.hasPrefix("Action: ") == true)
    #expect(logged.first?.contains("incrementButtonTapped") == true)
    #expect(logged.first?.contains("count: 1") == true)
  }

  @Test func withoutAPrinterNothingIsLogged() {
    // The reducer without logging returns no effect for a plain increment: nothing could print.
    let reducer = appReducer(environment: .test(scheduler: TestScheduler()))
    var state = AppState()
    #expect(reducer(&state, .counterView(.counter(.incrementButtonTapped))).isEmpty)
  }
}

@Suite struct AppStateTests {
  @Test func sharedValuesAreStoredOnce() {
    var state = AppState(counter: CounterState(count: 3), favorites: FavoritePrimesState(favoritePrimes: [2]))
    #expect(state.count == 3)
    #expect(state.favoritePrimes == [2])
    #expect(state.counterView == CounterViewState(counter: CounterState(count: 3), favoritePrimes: [2]))

    state.counterView.primeModal = PrimeModalState(count: 5, favoritePrimes: [2, 5])
    #expect(state.counter.count == 5)
    #expect(state.favorites.favoritePrimes == [2, 5])

    state.count = 8
    state.favoritePrimes = []
    #expect(state.counterView == CounterViewState(counter: CounterState(count: 8), favoritePrimes: []))
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
