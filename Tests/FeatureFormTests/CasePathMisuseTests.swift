import Effectful
import Synchronization
import Testing

/// Issue 36, item 5: a reflected case path to a case whose payload is a closure returned a value
/// that was not callable; a closure that is not the case's constructor got no diagnostic and could
/// match wrongly, before learning and after.
@Suite("CasePath from a closure that cannot serve")
struct CasePathMisuseTests {
  enum Action: Sendable {
    case callback(@Sendable () -> Void)
    case pair(Int, @Sendable (Int) -> Int)
    case maybe((@Sendable () -> Void)?)
    case count(Int)
    case other(Int)
    case reset
  }

  /// The diagnostics reported while `body` runs.
  func diagnostics(_ body: () -> Void) -> [String] {
    let messages = Mutex<[String]>([])
    FeatureDiagnostics.$reporter.withValue({ message in messages.withLock { $0.append(message) } }) {
      body()
    }
    return messages.withLock { $0 }
  }

  @Test func aFunctionPayloadIsRefusedOnceWithTheSpellingToWrite() {
    let callback = CasePath(Action.callback)
    let messages = diagnostics {
      #expect(callback.extract(.callback({})) == nil)
      #expect(callback.extract(.callback({})) == nil)
      #expect(callback.extract(.count(1)) == nil)
    }
    #expect(messages.count == 1, "\(messages)")
    #expect(messages.first?.contains("reflection cannot hand a closure back callable") == true)
    #expect(messages.first?.contains("extract: { if case .someCase(let payload) = $0") == true)
  }

  @Test func aFunctionInATupleOrAnOptionalIsRefusedToo() {
    let pair = CasePath { (payload: (Int, @Sendable (Int) -> Int)) in Action.pair(payload.0, payload.1) }
    let maybe = CasePath(Action.maybe)
    let messages = diagnostics {
      #expect(pair.extract(.pair(1, { $0 })) == nil)
      #expect(maybe.extract(.maybe({})) == nil)
    }
    #expect(messages.count == 2, "\(messages)")
  }

  @Test func aClosureThatChangesThePayloadNeverMatchesAndSaysSo() {
    // Not the constructor: `.count(-2)` is no `.count(abs(x))`.
    let absolute = CasePath { (count: Int) in Action.count(abs(count)) }
    let messages = diagnostics {
      #expect(absolute.extract(.count(-2)) == nil)
      #expect(absolute.extract(.other(3)) == nil)
    }
    #expect(messages.count == 1, "\(messages)")
    #expect(messages.first?.contains("is not the case's constructor") == true, "\(messages)")
  }

  @Test func aClosureThatPassedLearningIsStillCheckedAfterIt() {
    // Learns on `.count(2)`, where it happens to rebuild the action; `.count(-2)` must not match.
    let absolute = CasePath { (count: Int) in Action.count(abs(count)) }
    let messages = diagnostics {
      #expect(absolute.extract(.count(2)) == 2)
      #expect(absolute.extract(.count(-2)) == nil)
      #expect(absolute.extract(.count(3)) == 3)
    }
    #expect(messages.count == 1, "\(messages)")
  }

  @Test func aClosureThatIgnoresItsPayloadSaysSo() {
    let ignoring = CasePath { (_: Int) in Action.reset }
    let messages = diagnostics {
      #expect(ignoring.extract(.count(1)) == nil)
      #expect(ignoring.extract(.reset) == nil)
    }
    #expect(messages.count == 1, "\(messages)")
  }

  @Test func anotherCaseOfTheSamePayloadTypeIsNoMisuse() {
    let count = CasePath(Action.count)
    let messages = diagnostics {
      #expect(count.extract(.other(1)) == nil)
      #expect(count.extract(.count(1)) == 1)
      #expect(count.extract(.other(1)) == nil)
      #expect(count.extract(.count(-5)) == -5)
    }
    #expect(messages.isEmpty, "\(messages)")
  }
}
