import Foundation
import Testing

/// The Swift Testing test that was running where a placeholder was made, kept so that a failure
/// happening outside any test's task still fails that test.
///
/// ```swift
/// let context = CapturedTestContext.capture()  // in the test
/// Thread.detachNewThread {
///   context?.report("Unimplemented: …", file: file, line: line)
/// }
/// ```
///
/// Swift Testing finds the current test, and any `withKnownIssue` around it, in task-local values.
/// A `Task.detached` or a thread of its own has none, so an issue recorded there belongs to no test
/// (or, through `XCTFail`, goes nowhere). Task-locals cannot be carried to another task, but a task
/// made in the test inherits them: the context is such a task, waiting for failures to record. It
/// runs on a thread of its own rather than the cooperative pool, so `report` can wait for the
/// record without ever waiting on the thread that would have to make it: when `report` returns, the
/// issue is the test's, as if it had been recorded in place.
///
/// XCTest needs none of this: its current test is one value for the whole process, reached from
/// any thread.
final class CapturedTestContext: Sendable {
  private let failures: AsyncStream<PendingFailure>.Continuation

  /// The running Swift Testing test's context; nil outside one.
  static func capture() -> CapturedTestContext? {
    guard Test.current != nil else { return nil }
    return CapturedTestContext()
  }

  private init() {
    let (stream, continuation) = AsyncStream.makeStream(of: PendingFailure.self)
    failures = continuation
    // Not detached: the task takes the test's task-locals along, which is the point of it.
    Task(executorPreference: ReportingExecutor.shared) {
      for await failure in stream {
        failure.reporter(failure.message, failure.file, failure.line)
        failure.recorded.signal()
      }
    }
  }

  deinit {
    // Ends the task: no one can report here any more.
    failures.finish()
  }

  /// Fails the captured test at `file:line`, from any thread, and returns once the failure is
  /// recorded.
  ///
  /// `reporter` is called in the test's context: a test store's own reporter, or by default the
  /// running test's.
  func report(
    _ message: String, file: StaticString, line: UInt,
    reporter: @escaping FailureReporter = { reportTestFailure($0, file: $1, line: $2) }
  ) {
    let recorded = DispatchSemaphore(value: 0)
    failures.yield(
      PendingFailure(message: message, file: file, line: line, reporter: reporter, recorded: recorded))
    recorded.wait()
  }
}

/// A failure on its way to the captured test, and how its reporter hears that it is recorded.
private struct PendingFailure: Sendable {
  let message: String
  let file: StaticString
  let line: UInt
  let reporter: FailureReporter
  let recorded: DispatchSemaphore
}

/// Runs the captured contexts' tasks on one serial queue: a thread outside the cooperative pool,
/// which a `report` blocking a pool thread cannot starve.
private final class ReportingExecutor: TaskExecutor {
  static let shared = ReportingExecutor()
  private let queue = DispatchQueue(label: "EffectfulTesting.CapturedTestContext")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}
