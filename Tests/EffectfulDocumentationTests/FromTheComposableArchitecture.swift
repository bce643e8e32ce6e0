import Effectful
import EffectfulTesting
import Foundation
import Testing

// The code of Articles/FromTheComposableArchitecture.md (check-docs compares the article's blocks
// with it).

enum TimerFeature {
  struct State: Equatable {
    var count = 0
    var isTimerRunning = false
  }

  enum Action: Equatable, Sendable {
    case toggleTimerButtonTapped
    case timerTick
  }

  struct Environment: Sendable {
    var mainQueue: any Scheduler
  }

  enum CancelID: Hashable, Sendable { case timer }

  static func reducer(
    environment: Environment
  ) -> Reducer<State, Action> {
    { state, action in
      switch action {
      case .toggleTimerButtonTapped:
        state.isTimerRunning.toggle()
        guard state.isTimerRunning else {
          return .cancel(id: CancelID.timer)
        }
        return [
          Effect.timer(
            id: CancelID.timer, every: .seconds(1),
            on: environment.mainQueue
          )
          .map { _ in .timerTick }
        ]
      case .timerTick:
        state.count += 1
        return .none
      }
    }
  }
}

enum OnboardingAction: Equatable, Sendable {
  case startTapped
  case stepStarted(Int)
  case finished
}

/// Steps that must happen in order go in one concatenation, not side by
/// side in the array.
let onboardingReducer: Reducer<Int, OnboardingAction> = { step, action in
  switch action {
  case .startTapped:
    return .concatenate(
      .send(.stepStarted(1)), .send(.stepStarted(2)), .send(.finished))
  case .stepStarted(let number):
    step = number
    return .none
  case .finished:
    return .none
  }
}

enum QuoteFeature {
  struct State: Equatable {
    var quote: String?
    var isLoading = false
  }

  enum Action: Equatable, Sendable {
    case onAppear
    case refreshButtonTapped
    case quoteResponse(String)
  }

  struct Environment: Sendable {
    var quote: @Sendable () async throws -> String
    var clock: any Clock<Duration>
  }

  enum CancelID: Hashable, Sendable { case autoRefresh }

  static func reducer(
    environment: Environment
  ) -> Reducer<State, Action> {
    { state, action in
      switch action {
      case .onAppear:
        return .run { send in
          let minutes = environment.clock.timer(interval: .seconds(60))
          for await _ in minutes { await send(.refreshButtonTapped) }
        }
        .cancellable(id: CancelID.autoRefresh, cancelInFlight: true)
      case .refreshButtonTapped:
        state.isLoading = true
        return .run { send in
          await send(.quoteResponse(try await environment.quote()))
        } catch: { error, send in
          await send(.quoteResponse("No quote right now."))
        }
      case .quoteResponse(let quote):
        state.isLoading = false
        state.quote = quote
        return .none
      }
    }
  }
}

@MainActor
@Suite("From the Composable Architecture")
struct FromTheComposableArchitectureTests {
  @Test func timer() {
    let scheduler = TestScheduler()
    let store = TestStore(
      initialValue: TimerFeature.State(),
      reducer: TimerFeature.reducer(
        environment: TimerFeature.Environment(mainQueue: scheduler))
    )
    store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
    scheduler.advance(by: .seconds(1))
    store.receive(.timerTick) { $0.count = 1 }
    store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = false }
  }

  @Test func onboarding() {
    let store = TestStore(initialValue: 0, reducer: onboardingReducer)
    store.send(.startTapped)
    store.receive(.stepStarted(1)) { $0 = 1 }
    store.receive(.stepStarted(2)) { $0 = 2 }
    store.receive(.finished)
  }

  @Test func quoteEveryMinute() async {
    let clock = TestClock()
    let store = TestStore(
      initialValue: QuoteFeature.State(),
      reducer: QuoteFeature.reducer(
        environment: QuoteFeature.Environment(
          quote: { "Small steps, often." }, clock: clock)))
    store.send(.onAppear)
    await clock.advance(by: .seconds(60))
    await store.receive(.refreshButtonTapped) { $0.isLoading = true }
    await store.receive(.quoteResponse("Small steps, often.")) {
      $0.isLoading = false
      $0.quote = "Small steps, often."
    }
    await store.skipInFlightEffects()  // the refresh runs until the view goes
  }

  @Test func aRandomQuoteReceivedByCase() async {
    let store = TestStore(
      initialValue: QuoteFeature.State(),
      reducer: QuoteFeature.reducer(
        environment: QuoteFeature.Environment(
          quote: { "\(Int.random(in: 2...9)) small steps." },
          clock: TestClock())),
      exhaustivity: .off)
    store.send(.refreshButtonTapped) { $0.isLoading = true }
    await store.receive(QuoteFeature.Action.quoteResponse) {
      $0.isLoading = false
    }
    #expect(store.value.quote?.hasSuffix(" small steps.") == true)
  }

  @Test func appearingNeverAsksForAQuote() {
    let store = TestStore(
      initialValue: QuoteFeature.State(),
      reducer: QuoteFeature.reducer(
        environment: QuoteFeature.Environment(
          quote: unimplemented("QuoteFeature.Environment.quote"),
          clock: TestClock())))
    store.send(.onAppear)
    store.skipInFlightEffects()
  }

  @Test func quoteOnAPlainStore() async {
    let clock = TestClock()
    let store = makeQuoteStore(quote: { "Small steps, often." }, clock: clock)
    let appearance = store.send(.onAppear)  // a view's .task
    await clock.advance(by: .seconds(120))
    #expect(store.value.quote == "Small steps, often.")
    appearance.cancel()  // the view went away: the refresh stops
    await appearance.finish()
    #expect(clock.sleeperCount == 0)
  }

  @Test func aFailedQuoteSaysSo() async {
    struct Offline: Error {}
    let store = makeQuoteStore(
      quote: { throw Offline() }, clock: ImmediateClock())
    await store.send(.refreshButtonTapped).finish()
    #expect(store.value.quote == "No quote right now.")
  }

  private func makeQuoteStore(
    quote: @escaping @Sendable () async throws -> String,
    clock: any Clock<Duration>
  ) -> Store<QuoteFeature.State, QuoteFeature.Action> {
    Store(
      initialValue: QuoteFeature.State(),
      reducer: QuoteFeature.reducer(
        environment: QuoteFeature.Environment(quote: quote, clock: clock)))
  }
}

// Imports, placeholders and helpers.

struct QuoteClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

enum QuoteClientKey: DependencyKey {
  static let liveValue = QuoteClient(fetch: { "Quote \($0)" })
  static let testValue = QuoteClient(
    fetch: unimplemented("QuoteClient.fetch"))
}

struct Note: ReducerProtocol {
  struct State: Equatable { var text = "" }
  enum Action: Equatable, Sendable { case edited(String) }

  func reduce(
    into state: inout State, action: Action
  ) -> [Effect<Action>] {
    guard case .edited(let text) = action else { return .none }
    state.text = text
    return .none
  }
}

struct Inbox: ReducerProtocol {
  struct State: Equatable {
    var unread = 0
    var note: Note.State?
  }

  enum Action: Equatable, Sendable {
    case opened
    case note(Note.Action)
  }

  var body: some ReducerOf<Self> {
    counting
    Reduce(noteReducer)
  }

  @ReducerBuilder<State, Action>
  var counting: some ReducerOf<Self> {
    Reduce { state, action in
      if action == .opened { state.unread = 0 }
      return .none
    }
    Reduce { state, action in
      if action == .opened { state.note = Note.State() }
      return .none
    }
  }
}

extension Inbox {
  var noteReducer: Reducer<State, Action> {
    Effectful.ifLet(
      Note().reducer, value: \.note, action: CasePath(Action.note))
  }
}

@MainActor
@Suite struct ImportsPlaceholdersAndHelpers {
  @Test func theHelperAndTheFreeFunctionComposeAsWritten() {
    let store = TestStore(initialState: Inbox.State(unread: 3)) { Inbox() }
    store.send(.opened) {
      $0.unread = 0
      $0.note = Note.State()
    }
    store.send(.note(.edited("hi"))) { $0.note?.text = "hi" }
  }
}
