@testable import EffectfulTesting
import Dispatch
import Testing

/// Which values a read finds: the live one in an app, the test one in a test.
private enum WhereKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
}

extension DependencyValues {
  fileprivate var whereRead: String {
    get { self[WhereKey.self] }
    set { self[WhereKey.self] = newValue }
  }
}

/// Issue 36, item 8: in a test, a `Task.detached` inside a `.run` and a callback effect's work on
/// another thread read the live value of a dependency. Outside every store's values, a test
/// process reads test values, which fail the test when the key has none.
@MainActor
@Suite struct OutsideAnyStoreTests {
  enum Action: Equatable, Sendable {
    case readDetached
    case readOnAnotherThread
    case read(String)
  }

  /// The value in force where it is called.
  nonisolated static func whereRead() -> String {
    @Dependency(\.whereRead) var whereRead
    return whereRead
  }

  static func reducer() -> Reducer<[String], Action> {
    { reads, action in
      switch action {
      case .readDetached:
        return .run { send in
          await send(.read(await Task.detached { Self.whereRead() }.value))
        }
      case .readOnAnotherThread:
        return [
          .create { subscriber in
            DispatchQueue.global().async {
              let value = Self.whereRead()
              DispatchQueue.main.async {
                subscriber.send(.read(value))
                subscriber.finish()
              }
            }
          }
        ]
      case .read(let value):
        reads.append(value)
        return .none
      }
    }
  }

  @Test func aDetachedTaskInARunReadsTheTestValue() async {
    let store = TestStore(
      initialValue: [], reducer: Self.reducer(), withDependencies: { $0.whereRead = "set" })
    store.send(.readDetached)
    await store.receive(.read("test")) { $0 = ["test"] }
  }

  @Test func aCallbackEffectOnAnotherThreadReadsTheTestValue() async {
    let store = TestStore(
      initialValue: [], reducer: Self.reducer(), withDependencies: { $0.whereRead = "set" })
    store.send(.readOnAnotherThread)
    await store.receive(.read("test")) { $0 = ["test"] }
  }

  @Test func aKeyWithNoTestValueReadOutsideAnyStoreFailsTheTest() async {
    let failures = await collectingFailures {
      // A task of the test's own, outside any store: the defaults are in force.
      _ = await Task {
        @Dependency(\.testNumberFact) var numberFact
        return numberFact.fetch(1)
      }.value
    }
    #expect(failures.count == 1, "\(failures)")
    #expect(failures.first?.message.contains("TestNumberFactKey has no test value") == true, "\(failures)")
    #expect(failures.first?.message.contains("outside any store's dependencies") == true, "\(failures)")
  }

  @Test func anUnsetBuiltInUsedOutsideAnyStoreFailsTheTest() async {
    let failures = await collectingFailures {
      _ = await Task {
        @Dependency(\.date) var date
        return date.now
      }.value
    }
    #expect(failures.count == 1, "\(failures)")
    #expect(failures.first?.message.contains("`date` read outside any store's dependencies") == true)
  }

  @Test func effectfulFindsTheTestTooling() {
    // Effectful looks EffectfulTesting's bridge up by name: a rename must break a test, not the
    // reporting.
    #expect(TestFramework.bridge != nil)
  }

  @Test func aTestProcessIsToldByHowItWasStarted() {
    func detect(_ arguments: [String], _ environment: [String: String] = [:]) -> Bool {
      TestProcess.detect(arguments: arguments, environment: environment)
    }
    #expect(detect(["/p/.build/debug/EffectfulPackageTests.xctest"]))
    #expect(detect(["/p/.build/debug/EffectfulPackageTests.xctest", "--testing-library", "swift-testing"]))
    #expect(detect(["/Applications/Xcode.app/Contents/Developer/usr/bin/xctest", "Tests.xctest"]))
    #expect(detect(["/usr/libexec/swift/pm/swiftpm-testing-helper", "--test-bundle-path", "T"]))
    #expect(detect(["/some/App"], ["XCTestConfigurationFilePath": "/tmp/x.xctestconfiguration"]))
    #expect(!detect(["/p/.build/release/Benchmarks", "--iterations", "10"]))
    #expect(!detect(["/usr/local/bin/prime-time", "--log"]))
    #expect(!detect([]))
    #expect(TestProcess.isRunning)
  }
}
