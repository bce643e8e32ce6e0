import Effectful

/// `send.protocolFeature`: `send.noEffect`'s counter written as the seeds write a feature, a
/// `ReducerProtocol` whose `body` is one `Reduce`, run by a store made from the feature.
@MainActor
enum ProtocolFeature {
  struct Counter: ReducerProtocol {
    typealias State = CounterState
    typealias Action = CounterAction

    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.count &+= 1
        return .none
      }
    }
  }

  static var send: WorkloadFactory {
    {
      let store = Store(initialState: CounterState()) { Counter() }
      return { iterations in
        for _ in 0..<iterations { store.send(.increment) }
        blackHole(store.value.count)
      }
    }
  }
}
