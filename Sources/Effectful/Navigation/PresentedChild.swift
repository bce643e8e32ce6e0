import Foundation

/// A presented child, as its effects know it: what `await dismiss()` dismisses.
///
/// A presentation `ifLet` or a stack `forEach` makes one for each run of its child's effects and
/// puts it in the run's ``EffectScope``, which every part of the run inherits, whenever it starts
/// (a later step of a `.concatenate`, the work after a `delay`); a `.run` task starts with it as
/// ``current``. A child nested in a presented child without being presented itself inherits the
/// enclosing one's; a presented one nested in it wins.
@usableFromInline
final class PresentedChild: Sendable {
  /// The child whose effect runs in this task, if any.
  @TaskLocal static var current: PresentedChild?

  /// The run of the child's effect, lifted into its parent's actions: it delivers the dismissal,
  /// and once the child is gone (the run cancelled or over), nothing.
  private let lifetime: EffectLifetime
  /// Hands the parent's dismissal of this child to the run's subscriber, on the store's actor.
  private let deliver: @Sendable () -> Void

  @usableFromInline
  init(lifetime: EffectLifetime, deliver: @escaping @Sendable () -> Void) {
    self.lifetime = lifetime
    self.deliver = deliver
  }

  /// Sends the dismissal through a `.run`'s own `Send`, so that it hops to the store's actor,
  /// whichever that is, as the child's outputs do; a run that is over sends nothing.
  private func send() async {
    // Made here, not with the run: most runs never dismiss.
    let gate = RunGate(lifetime: lifetime, fileID: #fileID, line: #line)
    let deliver = self.deliver
    await Send<Void>(on: lifetime.registry.otherActor) { _ in
      let (isOpen, previous) = gate.beginDelivery()
      guard isOpen else { return }
      deliver()
      gate.endDelivery(restoring: previous)
    }(())
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
}

/// Suspends until the current task is cancelled.
private func waitForCancellation() async {
  let never = AsyncStream<Never> { _ in }
  for await _ in never {}
}
