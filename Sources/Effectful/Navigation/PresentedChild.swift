#if canImport(Darwin)
  import Darwin
#else
  import Glibc
#endif
import Foundation

/// A presented child, as its effects know it: what `await dismiss()` dismisses.
///
/// A presentation `ifLet` or a stack `forEach` makes one for each run of its child's effects and
/// puts it in the run's ``EffectScope``, which every part of the run inherits, whenever it starts
/// (a later step of a `.concatenate`, the work after a `delay`); a `.run` task starts with it as
/// ``current``. A child nested in a presented child without being presented itself inherits the
/// enclosing one's; a presented one nested in it wins.
@usableFromInline
final class PresentedChild: @unchecked Sendable {
  /// The child whose effect runs in this task, if any.
  @TaskLocal static var current: PresentedChild?

  private let registry: CancellationRegistry
  /// How the dismissal reaches the parent, until the run that carries this child's scope ends
  /// (see ``release(endingWith:)``). Read and written only under the registry's lock, which is what
  /// makes the unchecked exclusivity and Sendable safe.
  @exclusivity(unchecked) private var delivery: Delivery?

  /// The run of the child's effect, lifted into its parent's actions, and what hands the parent's
  /// dismissal of this child to that run's subscriber on the store's actor.
  struct Delivery {
    let lifetime: EffectLifetime
    let deliver: @Sendable () -> Void
  }

  @usableFromInline
  init(lifetime: EffectLifetime, deliver: @escaping @Sendable () -> Void) {
    registry = lifetime.registry
    delivery = Delivery(lifetime: lifetime, deliver: deliver)
  }

  /// Lets go of the run, as `lifetime` ends, if that run is the one the dismissal goes through:
  /// called under the registry's lock; the caller drops what it returns outside it.
  ///
  /// A store's run that takes a presented child's scope over (see ``RegistryState/adoptStoreRun(_:scope:)``)
  /// holds the scope, which holds this child, which holds the run: without this, each presentation
  /// would leak its run. Once the run is over, a dismissal sends nothing anyway.
  func release(endingWith lifetime: EffectLifetime) -> Delivery? {
    guard delivery?.lifetime === lifetime else { return nil }
    defer { delivery = nil }
    return delivery
  }

  /// Sends the dismissal through a `.run`'s own `Send`, so that it hops to the store's actor,
  /// whichever that is, as the child's outputs do; a run that is over sends nothing.
  private func send() async {
    guard let delivery = registry.withState({ _ in delivery }) else { return }
    // Made here, not with the run: most runs never dismiss.
    let gate = RunGate(lifetime: delivery.lifetime, fileID: #fileID, line: #line)
    let deliver = delivery.deliver
    await Send<Void>(on: registry.otherActor) { _ in
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
  /// Whether a presented child's reducer is running on this thread: what `isPresented` reads while
  /// reducing.
  static var isReducing: Bool { pthread_getspecific(reducingKey) != nil }

  /// Whether the code reading it runs as (or inside) a presented child: its reducer, or its effects.
  static var isPresentedNow: Bool { isReducing || current != nil }

  /// Marks the threads running a presented child's reducer. A reducer runs synchronously, on the
  /// thread that calls it, so a thread-local mark set around it is exact; a task-local was a frame
  /// pushed and popped at every child action, about 700 instructions of the 1,935 that
  /// navigation.stack100.elementAction cost (BENCHMARKS.md).
  @usableFromInline
  static let reducingKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "Effectful: could not make a thread-local key (\(status))")
    return key
  }()

  /// Runs a presented child's reducer, telling `@Dependency(\.isPresented)` so.
  @usableFromInline
  static func reducing<Result>(_ body: () -> Result) -> Result {
    let previous = pthread_getspecific(reducingKey)
    // Any non-nil pointer marks the thread; nested children are presented already.
    if previous == nil { pthread_setspecific(reducingKey, UnsafeRawPointer(bitPattern: 1)) }
    defer { if previous == nil { pthread_setspecific(reducingKey, nil) } }
    return body()
  }
}

/// Suspends until the current task is cancelled.
private func waitForCancellation() async {
  let never = AsyncStream<Never> { _ in }
  for await _ in never {}
}
