import Effectful
import EffectfulTesting
import Testing

// The article "Stores on any actor": its code, compiled, and the session's story run.

enum Chat {
  struct State: Equatable {
    var lines: [String] = []
    var echoes: [String] = []
  }

  enum Action: Equatable, Sendable {
    case lineReceived(String)
    case echoed(String)
  }

  static let reducer: Reducer<State, Action> = { state, action in
    switch action {
    case .lineReceived(let line):
      state.lines.append(line)
      return [.run { send in await send(.echoed(line)) }]
    case .echoed(let line):
      state.echoes.append(line)
      return []
    }
  }
}

actor Session {
  let store = Store(initialValue: Chat.State(), reducer: Chat.reducer)

  func received(_ line: String) async {
    await store.send(.lineReceived(line)).finish()
  }
}

actor Lobby {
  let store = Store(initialValue: Chat.State(), reducer: Chat.reducer)

  func post(_ line: String) {
    store.send(.lineReceived(line))
  }
}

extension Session {
  var echoes: [String] { store.value.echoes }
}

@Suite("Stores on any actor (article)")
struct StoresOnAnyActorArticle {
  @Test func aSessionReceives() async {
    let session = Session()
    await session.received("hi")
    let echoes = await session.echoes
    #expect(echoes == ["hi"])
  }

  @MainActor
  @Test func sessionEchoes() async {
    let store = TestStore(
      initialValue: Chat.State(), reducer: Chat.reducer)
    store.send(.lineReceived("hi")) { $0.lines = ["hi"] }
    await store.receive(.echoed("hi")) { $0.echoes = ["hi"] }
  }
}
