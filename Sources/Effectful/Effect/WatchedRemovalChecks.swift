/// The removal checks a store runs after every action it reduces: those of the `forEach`s and
/// `ifLet`s whose children have effects running in it (see ``RemovalCheck``).
///
/// A check is kept from the action whose reducer returned it until it finds no child running: so
/// a child removed by any reducer, on any action, has its effects cancelled once that action has
/// been reduced. With no child effect running the set is empty and a send pays one `isEmpty`.
/// Touched only by the store's send loop, on its actor.
@usableFromInline
package struct WatchedRemovalChecks {
  /// A check kept, in a slot of its own: `nil` exactly when none is. The commonest case is one
  /// `forEach` or `ifLet` with a child running, which is kept, run and dropped with no key hashed
  /// or copied: in a table, keeping one hashed and stored its key, each run copied the key and the
  /// check out, and dropping it destroyed both, about 530 instructions and five reference count
  /// operations of navigation.presentDismiss's cycle (BENCHMARKS.md).
  @usableFromInline var first: RemovalCheck?
  /// The other checks kept, by key, while `first` is.
  @usableFromInline var others: [RemovalCheckKey: RemovalCheck] = [:]

  @usableFromInline package init() {}

  /// Whether no check is kept: the send loop's one question when no child runs an effect.
  @inlinable package var isEmpty: Bool { first == nil }

  /// Keeps `check`, replacing the one with the same key (an older action's).
  // Consuming: the store's copy of the check is the one kept, not retained again and released.
  @usableFromInline
  package mutating func keep(_ check: consuming RemovalCheck) {
    // Equal keys are copies of one array, found equal by identity.
    guard let first, first.key != check.key else {
      self.first = check
      return
    }
    others[check.key] = check
  }

  /// Runs every check on the store's value, at `value` (valid for the call), dropping those that
  /// found nothing left to watch.
  @inlinable
  package mutating func run<Value>(at value: UnsafePointer<Value>, registry: CancellationRegistry) {
    // A cancellation a check makes can end effects synchronously, but no end handler runs a
    // reducer or adds a check, so the set is stable while it runs.
    guard let first = first.map(Unmanaged.passUnretained) else { return }
    // Run without a retain and a release around it (four reference count operations of
    // navigation.presentDismiss's cycle): `self.first` holds the check for the whole call.
    let keepsFirst = first._withUnsafeGuaranteedRef { $0.run(at: value, registry: registry) }
    if others.isEmpty {
      if !keepsFirst { self.first = nil }
      return
    }
    var finished: [RemovalCheckKey] = []
    for (key, check) in others where !check.run(at: value, registry: registry) { finished.append(key) }
    for key in finished { others[key] = nil }
    if !keepsFirst { self.first = others.isEmpty ? nil : others.remove(at: others.startIndex).value }
  }
}
