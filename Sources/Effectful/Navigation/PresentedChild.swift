import Foundation

/// The presented child whose effect is running: what `await dismiss()` dismisses. A presentation
/// `ifLet` or a stack `forEach` sets it around each run of its child's effects, so that the tasks
/// they start inherit it; the innermost presented child wins.
@usableFromInline
final class PresentedChild: Sendable {
  /// The child whose effect runs in this task, if any.
  @TaskLocal static var current: PresentedChild?

  /// Sends the parent's dismissal of this child, unless the child is gone: a `.run`'s own `Send`,
  /// so that it hops to the store's actor, whichever that is, as the child's outputs do.
  private let send: Send<Void>

  init(send: Send<Void>) {
    self.send = send
  }

  /// Sends the dismissal and waits until the child's effects, the calling one among them, are
  /// cancelled: nothing of the child runs after `await dismiss()` returns.
  func dismiss() async {
    await send(())
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

extension PresentedChild {
  /// Whether a presented child's reducer is running in this task: what `isPresented` reads while
  /// reducing.
  @TaskLocal static var isReducing = false

  /// Whether the code reading it runs as (or inside) a presented child: its reducer, or its effects.
  static var isPresentedNow: Bool { isReducing || current != nil }

  /// Runs a presented child's reducer, telling `@Dependency(\.isPresented)` so.
  @usableFromInline
  static func reducing<Result>(_ body: () -> Result) -> Result {
    // Nested children are presented already: no second task-local frame.
    if isReducing { return body() }
    return $isReducing.withValue(true, operation: body)
  }

  /// `effects`, a presented child's lifted into its parent's actions, with each run knowing its
  /// child: `await dismiss()` in it sends `dismissal` to the parent, through the run, so that a
  /// run cancelled already (its child gone) sends nothing.
  @usableFromInline
  static func dismissing<Action>(_ effects: [Effect<Action>], with dismissal: Action) -> [Effect<Action>] {
    // Sendable in practice: an action value, delivered on the store's actor like any output.
    let dismissal = UncheckedSendable(dismissal)
    return effects.map { effect in
      guard case .run(let body) = effect.operation else { return effect }
      return Effect(
        operation: .run { downstream in
          let gate = RunGate(lifetime: downstream.lifetime, fileID: #fileID, line: #line)
          let child = PresentedChild(send: Send(on: downstream.lifetime.registry.otherActor) { _ in
            let (isOpen, previous) = gate.beginDelivery()
            guard isOpen else { return }
            downstream.receive(dismissal.value, nil)
            gate.endDelivery(restoring: previous)
          })
          $current.withValue(child) { body(downstream) }
        })
    }
  }
}

/// Suspends until the current task is cancelled.
private func waitForCancellation() async {
  let never = AsyncStream<Never> { _ in }
  for await _ in never {}
}
