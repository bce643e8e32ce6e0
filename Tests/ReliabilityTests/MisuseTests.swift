import Dispatch
import Effectful
import Foundation
import Testing

/// Misuses that stop the program, each checked in a child process: this same test binary, run again
/// with `EFFECTFUL_MISUSE` set, so that the trap ends the child and the parent reads its message.
@Suite("Misuse diagnostics")
struct MisuseTests {
  private func runChild(_ misuse: String) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--testing-library", "swift-testing", "--filter", "MisuseChildProcess"]
    var environment = ProcessInfo.processInfo.environment
    environment["EFFECTFUL_MISUSE"] = misuse
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test("An effect delivering on a background thread stops with a message naming the action and the fix")
  func effectOutputOffMainThread() throws {
    let (status, output) = try runChild("effectOffMain")
    #expect(status != 0)
    #expect(output.contains(#"Effectful: an effect delivered "tick" on a background thread"#))
    #expect(output.contains(".receive(on: DispatchQueue.main)"))
  }

  #if DEBUG
    @Test("Sending from a background thread (code that bypassed isolation checking) stops with a message")
    func sendOffMainThread() throws {
      let (status, output) = try runChild("sendOffMain")
      #expect(status != 0)
      #expect(output.contains(#"Effectful: "tick" was sent to a Store from a background thread"#))
    }

    @Test("Sending to an actor's store from the main actor stops with a message naming both")
    func sendFromAnotherActor() throws {
      let (status, output) = try runChild("sendFromOtherActor")
      #expect(status != 0)
      #expect(output.contains(#"Effectful: "tick" was sent to a Store that belongs to actor"#))
      #expect(output.contains("MisuseSession, from the main actor"))
    }
  #endif

  @Test("A store made and first used outside any actor stops with a message saying where to make it")
  func sendOutsideAnyActor() throws {
    let (status, output) = try runChild("sendOutsideAnyActor")
    #expect(status != 0)
    #expect(output.contains("Effectful: a Store made outside any actor was first used"))
    #expect(output.contains("isolation: session"))
  }
}

/// An actor whose store leaks out of it (past the compiler, through an unchecked box).
actor MisuseSession {
  let store = Store(initialValue: 0) { (_: inout Int, _: String) in [] }

  func start() -> UncheckedSendable<Store<Int, String>> {
    store.send("start")
    return UncheckedSendable(store)
  }
}

/// Makes a store and starts an effect from code outside any actor.
private func makeAndSendOutsideAnyActor() async {
  let store = Store(initialValue: 0) { (_: inout Int, _: String) in [.run { _ in }] }
  store.send("tick")
}

/// The child side: does nothing unless `EFFECTFUL_MISUSE` names a misuse to commit.
@MainActor
@Suite("MisuseChildProcess")
struct MisuseChildProcess {
  @Test func commitMisuse() async {
    guard let misuse = ProcessInfo.processInfo.environment["EFFECTFUL_MISUSE"] else { return }
    switch misuse {
    case "effectOffMain":
      let store = Store(initialValue: 0) { (_: inout Int, action: String) in
        action == "start"
          ? [Effect { callback in DispatchQueue.global().async { callback("tick") } }]
          : []
      }
      store.send("start")
      try? await Task.sleep(for: .seconds(10))
      _ = store
    case "sendOffMain":
      let store = Store(initialValue: 0) { (_: inout Int, _: String) in [] }
      // What Swift 5 code without strict checking can do: call the main-actor method from elsewhere.
      let isolated: @MainActor (String) -> Void = { store.send($0) }
      let unchecked = unsafeBitCast(isolated, to: (@Sendable (String) -> Void).self)
      Thread.detachNewThread { unchecked("tick") }
      try? await Task.sleep(for: .seconds(10))
    case "sendFromOtherActor":
      let session = MisuseSession()
      let leaked = await session.start()
      leaked.value.send("tick")
      _ = session
    case "sendOutsideAnyActor":
      await makeAndSendOutsideAnyActor()
    default:
      Issue.record("unknown misuse \(misuse)")
    }
  }
}
