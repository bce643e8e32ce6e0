import Dispatch
@testable import Effectful
import Testing

/// The time operators written as a main-actor feature writes them (a clock, the main queue), in a
/// store on another actor: every one of them must deliver on that actor without the main actor.
enum TimeForm: String, CaseIterable, Sendable {
  case clockDelay, clockDebounce, clockThrottle, mainQueueDelay, mainQueueTimer, receiveOnMain
}

private enum TimeID: Hashable, Sendable { case debounce, throttle, timer }

/// Owns a store whose one action starts the form asked for; `arrived` is told, on this actor, when
/// its output is reduced.
private actor TimeSession {
  private var store: Store<Int, TimeForm?>?

  func start(_ form: TimeForm, arrived: @escaping @Sendable (_ onMainThread: Bool) -> Void) {
    let clock = ContinuousClock()
    let store = Store(initialValue: 0) { (count: inout Int, action: TimeForm?) -> [Effect<TimeForm?>] in
      guard let form = action else {
        // An output of the form's effect: it must be reduced here, on this actor.
        self.preconditionIsolated("an output reduced off the store's actor")
        count += 1
        arrived(MainActorCheck.isOnMainActor)
        return [.cancel(id: TimeID.timer)]
      }
      let output = Effect<TimeForm?>.send(nil)
      switch form {
      case .clockDelay:
        return [output.delay(for: .milliseconds(1), clock: clock)]
      case .clockDebounce:
        return [output.debounce(id: TimeID.debounce, for: .milliseconds(1), clock: clock)]
      case .clockThrottle:
        return [output.throttle(id: TimeID.throttle, for: .milliseconds(1), clock: clock, latest: true)]
      case .mainQueueDelay:
        return [output.delay(for: .milliseconds(1), scheduler: DispatchQueue.main)]
      case .mainQueueTimer:
        return [
          Effect.timer(id: TimeID.timer, every: .milliseconds(1), on: DispatchQueue.main).map { _ in nil }
        ]
      case .receiveOnMain:
        let answer = Effect<TimeForm?> { callback in DispatchQueue.global().async { callback(nil) } }
        return [answer.receive(on: DispatchQueue.main)]
      }
    }
    self.store = store
    store.send(form)
  }
}

/// Each form runs in a child process of its own (see `runMainActorBlockedCheck`): the check blocks
/// the main actor.
@Suite("Time operators on a store's own actor")
struct ActorTimeTests {
  @Test("A clock or main-queue form delivers on the store's actor while the main actor is blocked",
    arguments: TimeForm.allCases)
  func deliversWithoutTheMainActor(form: TimeForm) throws {
    let output = try runMainActorBlockedCheck(childSuite: "ActorTimeChildProcess", case: form.rawValue)
    #expect(output.contains("arrived on the store's actor: \(form)"), "\(form) waited for the main actor")
  }
}

/// The child side: does nothing unless the process was started for a form.
@Suite("ActorTimeChildProcess")
struct ActorTimeChildProcess {
  @Test func deliverWithTheMainActorBlocked() async {
    guard let name = mainActorBlockedCheckCase, let form = TimeForm(rawValue: name) else { return }
    let session = TimeSession()
    let arrived = DispatchSemaphore(value: 0)
    let onMainThread = LockedValue(false)
    // The main actor stays blocked for the whole story: a form whose work hopped through it (as the
    // clock forms and the main queue did) would wait until the semaphore gave up.
    let outcome = await MainActor.run { () -> DispatchTimeoutResult in
      Task.detached {
        await session.start(form) { isMain in
          onMainThread.withValue { $0 = $0 || isMain }
          arrived.signal()
        }
      }
      return arrived.wait(timeout: .now() + 10)
    }
    if outcome == .success, !onMainThread.withValue({ $0 }) {
      print("arrived on the store's actor: \(form)")
    }
  }
}
