import Dispatch
import Effectful
import EffectfulTesting

// Tiny features, built for the tests of the test store: a counter with a timer, a fact request and
// an async computation; a search field with a debounce.

/// The test store of the counter, as most tests here use it.
typealias CounterStore = TestStore<Counter.State, Counter.Action>

enum Counter {
  struct State: Equatable {
    var count = 0
    var isTimerRunning = false
    var isLoading = false
    var fact: String?
    var nthPrime: Int?
  }

  enum Action: Equatable {
    case incrementButtonTapped
    case decrementButtonTapped
    case toggleTimerButtonTapped
    case timerTick
    case factButtonTapped
    case factResponse(String)
    case cancelFactButtonTapped
    case nthPrimeButtonTapped
    case nthPrimeResponse(Int)
  }

  struct Environment: Sendable {
    var mainQueue: any Scheduler
    var fact: @Sendable (Int) -> Effect<String>
    var nthPrime: @Sendable (Int) async -> Int

    /// Answers at once with a canned fact, delivered on `mainQueue`; computes primes for real.
    static func test(mainQueue: any Scheduler) -> Environment {
      Environment(
        mainQueue: mainQueue,
        fact: { n in .sync { "\(n) is a good number" } },
        nthPrime: { n in Counter.nthPrime(n) })
    }

    /// Computes the fact on a global queue, as a network callback would, then hops to `mainQueue`.
    static func farAway(mainQueue: any Scheduler) -> Environment {
      Environment(
        mainQueue: mainQueue,
        fact: { n in Effect { callback in DispatchQueue.global().async { callback("\(n) from afar") } } },
        nthPrime: { $0 })
    }
  }

  enum TimerID: Hashable, Sendable { case timer }
  enum FactID: Hashable, Sendable { case request }

  static func reducer(environment: Environment) -> Reducer<State, Action> {
    { state, action in
      switch action {
      case .incrementButtonTapped:
        state.count += 1
        return []
      case .decrementButtonTapped:
        state.count -= 1
        return []
      case .toggleTimerButtonTapped:
        state.isTimerRunning.toggle()
        guard state.isTimerRunning else { return [.cancel(id: TimerID.timer)] }
        let ticks = Effect.timer(id: TimerID.timer, every: .seconds(1), on: environment.mainQueue)
        return [ticks.map { _ in .timerTick }]
      case .timerTick:
        state.count += 1
        return []
      case .factButtonTapped:
        state.isLoading = true
        return [
          environment.fact(state.count)
            .receive(on: environment.mainQueue)
            .map(Action.factResponse)
            .cancellable(id: FactID.request)
        ]
      case .factResponse(let fact):
        state.isLoading = false
        state.fact = fact
        return []
      case .cancelFactButtonTapped:
        state.isLoading = false
        return [.cancel(id: FactID.request)]
      case .nthPrimeButtonTapped:
        state.isLoading = true
        return [
          .task { [count = state.count, nthPrime = environment.nthPrime] in
            .nthPrimeResponse(await nthPrime(count))
          }
        ]
      case .nthPrimeResponse(let prime):
        state.isLoading = false
        state.nthPrime = prime
        return []
      }
    }
  }

  /// The `n`th prime, counting 2 as the first.
  static func nthPrime(_ n: Int) -> Int {
    var found = 0
    var candidate = 1
    while found < n {
      candidate += 1
      if (2..<candidate).allSatisfy({ candidate % $0 != 0 }) { found += 1 }
    }
    return candidate
  }
}

enum Search {
  struct State: Equatable {
    var query = ""
    var results: [String] = []
  }

  enum Action: Equatable {
    case queryChanged(String)
    case searchResponse([String])
  }

  enum ID: Hashable, Sendable { case debounce }

  static func reducer(
    mainQueue: any Scheduler, search: @escaping @Sendable (String) -> Effect<[String]>
  ) -> Reducer<State, Action> {
    { state, action in
      switch action {
      case .queryChanged(let query):
        state.query = query
        return [
          search(query)
            .map(Action.searchResponse)
            .debounce(id: ID.debounce, for: .milliseconds(300), scheduler: mainQueue)
        ]
      case .searchResponse(let results):
        state.results = results
        return []
      }
    }
  }
}
