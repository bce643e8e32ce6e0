import Effectful
import Foundation

/// `stores.sessions1000`: 1,000 sessions, each a store, fed 200 messages each from concurrent
/// tasks; every message starts a `.run` that sends one action back. The effectful contender puts
/// each store on an actor of its own; the bare column is the same library with every store on the
/// main actor, which is what a server could do before. Per message: lower is better, and the
/// throughput ratio is bare ÷ effectful.
///
/// `send.onActor`: `send.noEffect` made from inside the store's own actor (an actor that runs on the
/// main thread's executor, so that the harness's synchronous workload can enter it).
enum Sessions {
  static let storeCount = 1_000
  static let messagesPerStore = 200

  enum Action: Sendable {
    case message(Int)
    case echoed(Int)
  }

  struct State {
    var received = 0
    var echoed = 0
  }

  static let reducer: Reducer<State, Action> = { state, action in
    switch action {
    case .message(let number):
      state.received &+= 1
      return [.run { send in await send(.echoed(number)) }]
    case .echoed:
      state.echoed &+= 1
      return []
    }
  }

  actor Session {
    let store = Store(initialValue: State(), reducer: Sessions.reducer)

    func handle(_ number: Int) async {
      await store.send(.message(number)).finish()
    }
  }

  @MainActor
  final class MainSession {
    let store = Store(initialValue: State(), reducer: Sessions.reducer)

    func handle(_ number: Int) async {
      await store.send(.message(number)).finish()
    }
  }

  static var onActors: WorkloadFactory {
    {
      let sessions = (0..<storeCount).map { _ in Session() }
      return feeding(sessions.map { session in { await session.handle($0) } })
    }
  }

  static var onMainActor: WorkloadFactory {
    {
      let sessions = (0..<storeCount).map { _ in MainSession() }
      return feeding(sessions.map { session in { await session.handle($0) } })
    }
  }

  /// Each iteration feeds every session `messagesPerStore` messages, one task per session.
  @MainActor
  private static func feeding(_ handlers: [@Sendable (Int) async -> Void]) -> Workload {
    { iterations in
      feed(iterations: iterations) { iteration in
        await withTaskGroup(of: Void.self) { group in
          for handle in handlers {
            group.addTask { for message in 0..<messagesPerStore { await handle(iteration + message) } }
          }
        }
      }
    }
  }

  /// Runs `work` `iterations` times from a detached task, running the main loop meanwhile (the
  /// main-actor contender's stores reduce there) until the last round says it is done.
  @MainActor
  private static func feed(iterations: Int, _ work: @escaping @Sendable (Int) async -> Void) {
    let done = DoneFlag()
    Task.detached {
      for iteration in 0..<iterations { await work(iteration) }
      await MainActor.run { done.isDone = true }
    }
    while !done.isDone {
      _ = RunLoop.main.run(mode: .default, before: .distantFuture)
    }
    blackHole(iterations)
  }

  @MainActor
  private final class DoneFlag {
    var isDone = false
  }

  /// An actor on the main thread's executor: the harness's synchronous workload can enter it with
  /// `assumeIsolated`, and its store still takes the path of a store on an actor other than main.
  actor OnMainExecutor {
    nonisolated var unownedExecutor: UnownedSerialExecutor { MainActor.sharedUnownedExecutor }
    let store: Store<CounterState, CounterAction>

    init(reducer: @escaping Reducer<CounterState, CounterAction>) {
      store = Store(initialValue: CounterState(), reducer: reducer)
    }

    func send(_ action: CounterAction, times: Int) {
      for _ in 0..<times { store.send(action) }
      blackHole(store.value.count)
    }
  }

  static var sendOnActor: WorkloadFactory {
    {
      let session = OnMainExecutor(reducer: EffectfulReducers.counter)
      // Binds the store to the actor, as a session's first message does.
      session.assumeIsolated { $0.send(.increment, times: 1) }
      return { iterations in
        session.assumeIsolated { $0.send(.increment, times: iterations) }
      }
    }
  }
}
