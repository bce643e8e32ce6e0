import Effectful
@testable import EffectfulTesting
import XCTest

/// A plain store and a clock made in XCTest's `setUp`, outside any task, used by an async test
/// method's task: that task is the test, and its `finish()` names the advance to write.
///
/// Not `@MainActor`: corelibs XCTest on Linux crashes discovering main-actor test classes.
final class StoreMadeInSetUpXCTests: XCTestCase {
  nonisolated(unsafe) private var clock: TestClock!
  nonisolated(unsafe) private var store: Store<Int, Int>!

  override func setUp() {
    super.setUp()
    let (clock, store) = MainActor.assumeIsolated { () -> (TestClock, Store<Int, Int>) in
      let clock = TestClock()
      let store = Store<Int, Int>(initialValue: 0) { count, action in
        count += action
        return action == 0 ? [.run { send in try await clock.sleep(for: .seconds(2)); await send(1) }] : []
      }
      return (clock, store)
    }
    self.clock = clock
    self.store = store
  }

  override func tearDown() {
    store = nil
    clock = nil
    super.tearDown()
  }

  func testFinishNamesTheAdvanceToWrite() async {
    let store = store!
    // Before: the world made in `setUp` belonged to no task, so the test method's task was not its
    // owner and `finish()` waited for ever for an advance nobody would write.
    let failures = await collectingFailures {
      let task = await MainActor.run { store.send(0) }
      await task.finish()
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.contains("clock.advance(by: .seconds(2))") == true, "\(failures)")
  }
}
