import Effectful
@testable import EffectfulTesting
import Foundation
import Testing

/// A broadcast an effect can listen on: what one effect posts, another, started by an earlier
/// step, hears at once, on the poster's thread.
private final class Bus: @unchecked Sendable {
  private let lock = NSLock()
  // Guarded by `lock`.
  private var listeners: [@Sendable (String) -> Void] = []

  func listen(_ listener: @escaping @Sendable (String) -> Void) {
    lock.withLock { listeners.append(listener) }
  }

  func post(_ message: String) {
    for listener in lock.withLock({ listeners }) { listener(message) }
  }
}

/// Which steps are the test's sends and which are effects' actions, and which call started the
/// effect that sent each, is decided by the tag each action carries through the recording reducer,
/// never by the order of calls (issue 36, item 11).
@MainActor
@Suite struct ActionProvenanceTests {
  let log = FailureLog()

  /// "listen" starts an effect that forwards what the bus carries; "post" starts one that posts
  /// on it at once; "tap" starts one that sends "tap" back at once; "go" a `.run` that sends "run".
  private static func reducer(bus: Bus, clock: TestClock) -> Reducer<[String], String> {
    { log, action in
      log.append(action)
      switch action {
      case "listen":
        return [.create { subscriber in bus.listen { subscriber.send($0) } }.cancellable(id: "bus")]
      case "post":
        return [.fireAndForget { bus.post("heard") }]
      case "tap" where log.count == 1:
        return [.create { subscriber in subscriber.send("tap") }]
      case "later":
        return [Effect.send("late").delay(for: .seconds(2), clock: clock)]
      case "wait":
        return [Effect.send("done").delay(for: .seconds(5), clock: clock)]
      case "go":
        return [.run { send in await send("run") }]
      case "stop":
        return [.cancel(id: "bus")]
      default:
        return []
      }
    }
  }

  private func makeStore(bus: Bus = Bus(), clock: TestClock = TestClock()) -> TestStore<[String], String> {
    TestStore(initialValue: [], reducer: Self.reducer(bus: bus, clock: clock), failureReporter: log.reporter)
  }

  @Test("An effect's action reduced while the test's send is reduced is received, not sent")
  func anEffectsActionDuringASendIsReceived() {
    let store = makeStore()
    // The effect sends the same action, at once, within this send: it is the story's next step.
    store.send("tap") { $0 = ["tap"] }
    store.receive("tap") { $0 = ["tap", "tap"] }
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test("An older effect that sends while the test's send is reduced is named after its own step")
  func anOlderEffectDuringASendKeepsItsSender() {
    let bus = Bus()
    let store = makeStore(bus: bus)
    store.send("listen") { $0 = ["listen"] }
    // "post" makes the listener started by send("listen") deliver within this send. Before, the
    // step reduced last (this send) was taken for its sender.
    store.send("post") { $0.append("post") }
    let line: UInt = #line + 1
    store.receive("nope")
    let failures = log.failures
    #expect(failures.count == 1, "\(failures)")
    #expect(failures.first?.line == line)
    #expect(
      failures.first?.message.contains(#""heard", sent by an effect started by send("listen")"#) == true,
      "\(failures)")
    log.removeAll()
    store.send("stop") { $0.append("stop") }
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test("An action an older effect sends after a newer one started is named after its own step")
  func aLateOutputOfAnOlderEffectKeepsItsSender() async {
    let clock = TestClock()
    let laterLine: UInt = #line + 3
    do {
      let store = makeStore(clock: clock)
      store.send("later") { $0 = ["later"] }
      store.send("wait") { $0.append("wait") }
      // "late" arrives while the effect send("wait") started still runs. Before, the newest running
      // effect was taken for its sender: the failure went to the line of send("wait").
      await clock.advance(by: .seconds(2))
    }
    let unreceived = log.failures.filter { $0.message.contains(#""late""#) }
    #expect(unreceived.count == 1, "\(log.failures)")
    #expect(unreceived.first?.line == laterLine, "\(log.failures)")
    #expect(unreceived.first?.message.contains(#"send("later")"#) == true, "\(log.failures)")
  }

  @Test("What a .run sends is received; the same action sent by the test is the test's send")
  func aRunsActionAndTheTestsSend() async {
    let store = makeStore()
    store.send("go") { $0 = ["go"] }
    await store.receive("run") { $0 = ["go", "run"] }
    store.send("run") { $0.append("run") }
    store.send("go") { $0.append("go") }
    await store.receive("run") { $0.append("run") }
    await store.finish()
    #expect(log.isEmpty, "\(log.failures)")
  }

  @Test("An effect started by a received action is named after that receive once it is received")
  func receivingRenamesWhatTheStepStarted() {
    let bus = Bus()
    let store = TestStore(
      initialValue: 0,
      reducer: { (count: inout Int, action: String) -> [Effect<String>] in
        count += 1
        switch action {
        case "start": return [.send("listen")]
        case "listen": return [.create { subscriber in bus.listen { subscriber.send($0) } }]
        default: return []
        }
      },
      failureReporter: log.reporter)
    store.send("start") { $0 = 1 }
    let receiveLine: UInt = #line + 1
    store.receive("listen") { $0 = 2 }
    bus.post("heard")
    store.skipReceivedActions()
    store.finish(timeout: .zero)
    #expect(log.failures.count == 1, "\(log.failures)")
    #expect(log.failures.first?.line == receiveLine, "\(log.failures)")
    #expect(
      log.failures.first?.message.contains(#"started by receive("listen") is still running"#) == true,
      "\(log.failures)")
  }
}
