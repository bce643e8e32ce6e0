import Effectful
import Testing

// Ids are told apart by type and value, never by hash alone: these all hash alike.

private struct Named: Hashable, Sendable {
  let name: String
  func hash(into hasher: inout Hasher) { hasher.combine(0) }
}

private struct AlsoNamed: Hashable, Sendable {
  let name: String
  func hash(into hasher: inout Hasher) { hasher.combine(0) }
}

private enum Action: Sendable {
  case start(Named)
  case stopNamed(String)
  case stopAlsoNamed(String)
}

private final class Cancelled: @unchecked Sendable {
  var names: [String] = []
}

@MainActor
@Suite("Cancellation ids")
struct CancellationIDTests {
  @Test("Ids whose hashes collide are still told apart by type and by value")
  func collidingHashes() {
    let cancelled = Cancelled()
    let store = Store(initialValue: 0) { (_: inout Int, action: Action) in
      switch action {
      case .start(let id):
        return [
          Effect<Action>.create { subscriber in subscriber.onCancel { cancelled.names.append(id.name) } }
            .cancellable(id: id)
        ]
      case .stopNamed(let name): return [.cancel(id: Named(name: name))]
      case .stopAlsoNamed(let name): return [.cancel(id: AlsoNamed(name: name))]
      }
    }
    store.send(.start(Named(name: "timer")))
    store.send(.start(Named(name: "request")))
    store.send(.stopAlsoNamed("timer"))  // another type: nothing
    store.send(.stopNamed("socket"))  // another value: nothing
    #expect(cancelled.names.isEmpty)
    store.send(.stopNamed("request"))
    #expect(cancelled.names == ["request"])
    store.send(.stopNamed("timer"))
    #expect(cancelled.names == ["request", "timer"])
  }
}
