import Effectful
import Foundation

/// `send.dependencyRead` and `run.dependencyRead`: `send.noEffect` and `run.roundTrip` with one
/// `@Dependency` read, in the reducer and in the `.run`'s operation. The stores are made as an app
/// makes them, outside any `withDependencies`, so each read is of the live value; the `.overridden`
/// extra makes its store inside one, so that each send also sets the store's values.
@MainActor
enum DependencyRead {
  /// What the counter adds: read as a dependency.
  enum StepKey: DependencyKey {
    static let liveValue = 1
  }

  /// The feature-struct form the Dependencies article shows: the reducer reads `self.step`.
  struct Counter {
    @Dependency(\.benchmarkStep) var step

    var reducer: Reducer<CounterState, CounterAction> {
      { state, _ in
        state.count &+= step
        return []
      }
    }
  }

  static func sendReducer() -> Reducer<CounterState, CounterAction> {
    Counter().reducer
  }

  static func runReducer() -> Reducer<CounterState, CounterAction> {
    @Dependency(\.benchmarkStep) var step
    return { state, action in
      switch action {
      case .request: return [.run { send in await send(.response(step)) }]
      case .response(let amount): state.count &+= amount
      default: break
      }
      return []
    }
  }

  static func send(overridden: Bool) -> WorkloadFactory {
    {
      let store =
        overridden
        ? withDependencies { $0.benchmarkStep = 2 } operation: {
          Store(initialValue: CounterState(), reducer: sendReducer())
        }
        : Store(initialValue: CounterState(), reducer: sendReducer())
      return { iterations in
        for _ in 0..<iterations { store.send(.increment) }
        blackHole(store.value.count)
      }
    }
  }

  /// As ``RunRoundTrip/effectful``, with the step read in the effect.
  static var run: WorkloadFactory {
    {
      let store = Store(initialValue: CounterState(), reducer: runReducer())
      let reduced = RunRoundTrip.CountBox()
      let subscription = store.subscribe { reduced.count = $0.count }
      return { iterations in
        for _ in 0..<iterations {
          let expected = reduced.count &+ 1
          store.send(.request)
          while reduced.count != expected {
            _ = RunLoop.main.run(mode: .default, before: .distantFuture)
          }
        }
        blackHole(reduced.count)
        withExtendedLifetime(subscription) {}
      }
    }
  }
}

extension DependencyValues {
  var benchmarkStep: Int {
    get { self[DependencyRead.StepKey.self] }
    set { self[DependencyRead.StepKey.self] = newValue }
  }
}
