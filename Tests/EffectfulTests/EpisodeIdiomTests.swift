import Effectful
import EffectfulEffectTestSupport
import EffectfulTesting
import Testing

// Code ported from the episodes leans on a handful of Swift idioms. A small app in that style, written
// here from scratch, checks that each one compiles against Effectful and behaves.

// The episodes' function-composition helpers: a port brings its own copies, so the test does too.
private func with<A, B>(_ value: A, _ transform: (A) throws -> B) rethrows -> B {
  try transform(value)
}

private func compose<A, B, C>(_ outer: @escaping (B) -> C, _ inner: @escaping (A) -> B) -> (A) -> C {
  { value in outer(inner(value)) }
}

/// A feature whose state is a tuple, as the episode's prime modal is.
private typealias ShelfState = (count: Int, saved: [Int])

private struct PortState: Equatable {
  var count = 0
  var saved: [Int] = []
  var nthPrime: Int?
  var activity: [String] = []

  /// A computed tuple property: the slice the shelf feature sees.
  var shelf: ShelfState {
    get { (count, saved) }
    set { (count, saved) = (newValue.count, newValue.saved) }
  }
}

private enum CounterAction: Equatable, Sendable {
  case incrementTapped
  case nthPrimeTapped
  case nthPrimeResponse(Int?)
  case shareTapped
}

private enum ShelfAction: Equatable, Sendable {
  case saveTapped
  case loadTapped
  case loaded([Int])
}

private enum PortAction: Equatable, Sendable {
  case counter(CounterAction)
  case shelf(ShelfAction)

  var counter: CounterAction? {
    get {
      guard case .counter(let action) = self else { return nil }
      return action
    }
    set {
      guard case .counter = self, let newValue else { return }
      self = .counter(newValue)
    }
  }

  var shelf: ShelfAction? {
    get {
      guard case .shelf(let action) = self else { return nil }
      return action
    }
    set {
      guard case .shelf = self, let newValue else { return }
      self = .shelf(newValue)
    }
  }
}

/// What the effects touch outside the store, so that the tests can look.
private let shared = Collected<String>()
private let disk = LockedValue<[Int]?>(nil)

/// The nth prime, for the small counts these tests reach.
private func nthPrime(_ n: Int) -> Int? {
  let primes = [2, 3, 5, 7, 11, 13]
  return primes.indices.contains(n - 1) ? primes[n - 1] : nil
}

// Global `let` reducers, as the episode declares them.
private let counterReducer: Reducer<Int, CounterAction> = { count, action in
  switch action {
  case .incrementTapped:
    count += 1
    return []
  case .nthPrimeTapped:
    let n = count
    // An `Effect<Int?>` mapped through an enum case used as a function.
    return [Effect<Int?> { callback in callback(nthPrime(n)) }.map(CounterAction.nthPrimeResponse)]
  case .nthPrimeResponse:
    return []
  case .shareTapped:
    let n = count
    // Fire-and-forget, the episode's way: a callback that is never called.
    return [Effect { _ in shared.append("shared \(n)") }]
  }
}

private let nthPrimeReducer: Reducer<Int?, CounterAction> = { nthPrime, action in
  if case .nthPrimeResponse(let prime) = action { nthPrime = prime }
  return []
}

private let shelfReducer: Reducer<ShelfState, ShelfAction> = { state, action in
  switch action {
  case .saveTapped:
    state.saved.append(state.count)
    let saved = state.saved
    return [Effect { _ in disk.withValue { $0 = saved } }]
  case .loadTapped:
    // The episode's loading effect says "nothing to load" with `nil`, compacted away afterwards.
    let load = Effect<ShelfAction?> { callback in callback(disk.withValue { $0 }.map(ShelfAction.loaded)) }
    return [load.compactMap { $0 }]
  case .loaded(let saved):
    state.saved = saved
    return []
  }
}

private let portReducer: Reducer<PortState, PortAction> = combine(
  pullback(counterReducer, value: \PortState.count, action: \PortAction.counter),
  pullback(nthPrimeReducer, value: \PortState.nthPrime, action: \PortAction.counter),
  pullback(shelfReducer, value: \PortState.shelf, action: \PortAction.shelf)
)

/// A higher-order reducer of the app's own, composed with `logging` point-free.
private func activityFeed(
  _ reducer: @escaping Reducer<PortState, PortAction>
) -> Reducer<PortState, PortAction> {
  { state, action in
    if case .shelf(.saveTapped) = action { state.activity.append("saved \(state.count)") }
    return reducer(&state, action)
  }
}

@MainActor
@Suite("Episode idioms", .serialized)
struct EpisodeIdiomTests {
  @Test("logging composes as a function value: with(reducer, compose(logging, activityFeed))")
  func loggingComposesPointFree() {
    // A function value of logging's type, quiet so that a passing run prints nothing; the episode's
    // own spelling, with the printing `logging` itself, is reduced below without running its effect.
    let asValue: (@escaping Reducer<PortState, PortAction>) -> Reducer<PortState, PortAction> = {
      logging($0, printer: { _ in })
    }
    let store = TestStore(
      initialValue: PortState(), reducer: with(portReducer, compose(asValue, activityFeed)))
    store.send(.counter(.incrementTapped)) { $0.count = 1 }
    store.send(.shelf(.saveTapped)) {
      $0.saved = [1]
      $0.activity = ["saved 1"]
    }
    // The same, spelled exactly as the episode spells it.
    let spelled = with(portReducer, compose(logging, activityFeed))
    var state = PortState()
    _ = spelled(&state, .shelf(.saveTapped))
    #expect(state.activity == ["saved 0"])
  }

  @Test("logging with a printer still composes, through a closure")
  func loggingWithPrinterComposes() {
    let lines = Collected<String>()
    let store = Store(
      initialValue: PortState(),
      reducer: with(portReducer, compose({ logging($0, printer: { lines.append($0) }) }, activityFeed)))
    store.send(.shelf(.saveTapped))
    #expect(lines.values.count == 1)
    #expect(lines.values.first?.contains("activity: 1 element") == true)
  }

  @Test("combine and pullback can be passed as function values")
  func combineAndPullbackAsValues() {
    func assemble(
      combining: ([Reducer<PortState, PortAction>]) -> Reducer<PortState, PortAction>,
      lifting: (
        @escaping Reducer<Int, CounterAction>, WritableKeyPath<PortState, Int>,
        WritableKeyPath<PortAction, CounterAction?>
      ) -> Reducer<PortState, PortAction>
    ) -> Reducer<PortState, PortAction> {
      combining([
        lifting(counterReducer, \.count, \.counter),
        lifting(counterReducer, \.count, \.counter),
      ])
    }
    let reducer = assemble(combining: combine, lifting: pullback)
    var state = PortState()
    _ = reducer(&state, .counter(.incrementTapped))
    #expect(state.count == 2)
  }

  @Test("An Effect<Int?> mapped through an enum case; tuple state through a computed key path")
  func enumCaseTransformAndTupleState() {
    let store = TestStore(initialValue: PortState(), reducer: portReducer)
    store.send(.counter(.incrementTapped)) { $0.count = 1 }
    store.send(.counter(.incrementTapped)) { $0.count = 2 }
    store.send(.counter(.nthPrimeTapped))
    store.receive(.counter(.nthPrimeResponse(3))) { $0.nthPrime = 3 }
    store.send(.shelf(.saveTapped)) { $0.saved = [2] }
  }

  @Test("Effect { _ in … } runs its work, sends nothing and ends")
  func fireAndForgetByIgnoringTheCallback() {
    let store = TestStore(initialValue: PortState(), reducer: portReducer)
    store.send(.counter(.incrementTapped)) { $0.count = 1 }
    store.send(.counter(.shareTapped))
    // The exhaustive store fails here if an action arrived or the effect were still running.
    store.finish()
    #expect(shared.values.contains("shared 1"))
  }

  @Test("Effect<Action?> compacted: nil sends nothing, a value arrives as an action")
  func optionalActionsCompacted() {
    disk.withValue { $0 = nil }
    let store = TestStore(initialValue: PortState(), reducer: portReducer)
    store.send(.shelf(.loadTapped))  // nothing on disk: no action
    store.send(.counter(.incrementTapped)) { $0.count = 1 }
    store.send(.shelf(.saveTapped)) { $0.saved = [1] }
    store.send(.shelf(.loaded([]))) { $0.saved = [] }
    store.send(.shelf(.loadTapped))
    store.receive(.shelf(.loaded([1]))) { $0.saved = [1] }
  }

  @Test("compactMap keeps the effect's lifecycle: a store's cancellation reaches the work inside")
  func compactMapPassesCancellationThrough() {
    enum ID: Hashable, Sendable { case work }
    let cancelled = Collected<Bool>()
    let reducer: Reducer<Int, Bool> = { _, start in
      guard start else { return [.cancel(id: ID.work)] }
      let work = Effect<Int?>.create { subscriber in subscriber.onCancel { cancelled.append(true) } }
      return [work.compactMap { $0.map { $0 > 0 } }.cancellable(id: ID.work)]
    }
    let store = Store(initialValue: 0, reducer: reducer)
    store.send(true)
    store.send(false)
    #expect(cancelled.values == [true])
  }

  @Test("compactMap on outputs in hand applies at once")
  func compactMapOnSend() {
    let outputs = Collected<Int>()
    Effect<Int?>.send(nil).compactMap { $0 }.run { outputs.append($0) }
    Effect<Int?>.send(2).compactMap { $0 }.run { outputs.append($0) }
    Effect<Int>.merge(.sync { 3 }, .sync { -1 }).compactMap { $0 > 0 ? $0 : nil }.run { outputs.append($0) }
    #expect(outputs.values == [2, 3])
  }
}
