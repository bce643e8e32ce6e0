import Effectful

/// One session: a store on this actor. Messages are echoed by a `.run`; a heartbeat timer runs
/// while the session is open and is cancelled by id when it closes.
actor Session {
  enum Action: Sendable {
    case open
    case message(Int)
    case echoed(Int)
    case heartbeat
    case close
  }

  struct State {
    var echoed = 0
    var heartbeats = 0
    var isOpen = false
  }

  private enum HeartbeatID: Hashable, Sendable { case heartbeat }

  let store: Store<State, Action>

  init(counter: MessageCounter) {
    store = Store(initialValue: State()) { state, action in
      switch action {
      case .open:
        state.isOpen = true
        return [
          .run { send in
            for await _ in ContinuousClock().timer(interval: .seconds(1)) { await send(.heartbeat) }
          }
          .cancellable(id: HeartbeatID.heartbeat)
        ]
      case .message(let number):
        return [.run { send in await send(.echoed(number)) }]
      case .echoed:
        state.echoed += 1
        counter.add()
        return []
      case .heartbeat:
        state.heartbeats += 1
        return []
      case .close:
        state.isOpen = false
        return [.cancel(id: HeartbeatID.heartbeat)]
      }
    }
  }

  func open() {
    store.send(.open)
  }

  /// Returns once the message's echo has been reduced.
  func handle(_ number: Int) async {
    await store.send(.message(number)).finish()
  }

  /// Closes the session; returns how many messages it echoed.
  func close() -> Int {
    store.send(.close)
    return store.value.echoed
  }
}
