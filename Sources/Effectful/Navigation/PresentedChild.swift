import Foundation

/// The presented child whose effect is running: what `await dismiss()` dismisses. A presentation
/// `ifLet` or a stack `forEach` sets it around each run of its child's effects, so that the tasks
/// they start inherit it; the innermost presented child wins.
final class PresentedChild: Sendable {
  /// The child whose effect runs in this task, if any.
  @TaskLocal static var current: PresentedChild?

  /// Sends the parent's dismissal of this child, unless the child is gone.
  private let send: @MainActor @Sendable () -> Void

  init(send: @escaping @MainActor @Sendable () -> Void) {
    self.send = send
  }

  /// Sends the dismissal and waits until the child's effects, the calling one among them, are
  /// cancelled: nothing of the child runs after `await dismiss()` returns.
  func dismiss() async {
    await send()
    await waitForCancellation()
  }

  /// The live ``DismissEffect``: dismisses the current child, or reports that there is none.
  @Sendable static func dismissCurrent(fileID: StaticString, line: UInt) async {
    if let current {
      await current.dismiss()
      return
    }
    let message = """
      Effectful: `await dismiss()` at \(fileID):\(line) ran outside a presented child, so it \
      dismissed nothing. Call it in a `.run` of a feature presented with `ifLet(\\.$destination, …)` \
      or pushed with `forEach(\\.path, …)`.
      """
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}

/// Suspends until the current task is cancelled.
private func waitForCancellation() async {
  let never = AsyncStream<Never> { _ in }
  for await _ in never {}
}
