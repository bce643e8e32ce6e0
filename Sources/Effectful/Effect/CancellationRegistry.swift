/// Which effects are running for one store, by cancellation id, and the little state that
/// `throttle` keeps between effects.
///
/// Each store owns one registry, so two stores never cancel each other's effects, tests running in
/// parallel cannot interfere, and a released store takes its registry (and every effect in it) along.
/// Entries leave the registry when their effect ends, so it holds only what is running.
@usableFromInline
package final class CancellationRegistry: @unchecked Sendable {
  /// Guards this registry and the state of every ``EffectLifetime`` that belongs to it.
  package let lock = Lock()

  /// A top-level run the store started, and what started it (for diagnostics).
  package struct InFlight: Sendable {
    package let lifetime: EffectLifetime
    package let origin: String
  }

  // Guarded by `lock`.
  private var inFlight: [ObjectIdentifier: InFlight] = [:]
  private var cancellables: [EffectID: Running] = [:]
  /// Lifetimes that finished but may still have outputs on their way (each output holds its
  /// lifetime strongly until delivered): a later `cancel(id:)` must stop those too. Weak, so an
  /// entry empties itself once its outputs have landed.
  private var finishedRecently: [EffectID: [WeakLifetime]] = [:]
  private var pruneThreshold = 64
  private var sharedState: [EffectID: AnyObject] = [:]

  package init() {}

  /// Records a top-level run until it ends.
  package func track(_ lifetime: EffectLifetime, origin: @autoclosure () -> String = "") {
    let key = ObjectIdentifier(lifetime)
    let entry = InFlight(lifetime: lifetime, origin: origin())
    lock.withLock { inFlight[key] = entry }
    lifetime.onEnd { [self] _ in
      lock.withLock { _ = inFlight.removeValue(forKey: key) }
    }
  }

  /// Records `lifetime` under `id` until it ends, so that ``cancel(id:)`` can reach it.
  package func register(_ lifetime: EffectLifetime, id: EffectID) {
    lock.withLock {
      switch cancellables[id] {
      case nil: cancellables[id] = .one(lifetime)
      case .one(let other): cancellables[id] = .many([other, lifetime])
      case .many(var all):
        cancellables[id] = nil  // keep `all` uniquely referenced while it grows
        all.append(lifetime)
        cancellables[id] = .many(all)
      }
    }
    // Holding the lifetime here is no leak: end handlers are dropped as the lifetime ends.
    lifetime.onEnd { [self] wasCancelled in
      lock.withLock {
        switch cancellables[id] {
        case .one(let only) where only === lifetime:
          cancellables[id] = nil
        case .many(var all):
          cancellables[id] = nil
          all.removeAll { $0 === lifetime }
          if !all.isEmpty { cancellables[id] = all.count == 1 ? .one(all[0]) : .many(all) }
        default:
          break
        }
        if !wasCancelled { rememberFinished(lifetime, id: id) }
      }
    }
  }

  /// The effects running under one id: almost always one, so that case needs no collection.
  private enum Running {
    case one(EffectLifetime)
    case many([EffectLifetime])

    var lifetimes: [EffectLifetime] {
      switch self {
      case .one(let lifetime): [lifetime]
      case .many(let all): all
      }
    }
  }

  /// Must be called with `lock` held.
  private func rememberFinished(_ lifetime: EffectLifetime, id: EffectID) {
    finishedRecently[id, default: []].removeAll { $0.lifetime == nil }
    finishedRecently[id]?.append(WeakLifetime(lifetime: lifetime))
    // Sweep ids nobody cancels again, amortized: the map never outgrows twice its live size.
    if finishedRecently.count > pruneThreshold {
      finishedRecently = finishedRecently.compactMapValues { entries in
        let live = entries.filter { $0.lifetime != nil }
        return live.isEmpty ? nil : live
      }
      pruneThreshold = max(64, finishedRecently.count * 2)
    }
  }

  /// Cancels every running effect registered under `id`. An unknown id is not an error: the effect
  /// may simply have finished already.
  @usableFromInline
  package func cancel(id: EffectID) {
    let (running, finished) = lock.withLock {
      (cancellables.removeValue(forKey: id), finishedRecently.removeValue(forKey: id))
    }
    running?.lifetimes.forEach { $0.revoke() }
    finished?.forEach { $0.lifetime?.revoke() }
  }

  /// Cancels everything this registry tracks: the store is going away.
  package func cancelAll() {
    let (runs, identified) = lock.withLock {
      defer {
        inFlight = [:]
        cancellables = [:]
        finishedRecently = [:]
        sharedState = [:]
      }
      return (Array(inFlight.values), cancellables.values.flatMap(\.lifetimes))
    }
    for lifetime in identified { lifetime.cancel() }
    for run in runs { run.lifetime.cancel() }
  }

  /// The runs that have not ended yet, with what started them.
  package var runningEffects: [InFlight] {
    lock.withLock { Array(inFlight.values) }
  }

  /// How many entries the registry holds in all: zero once every effect has ended.
  package var entryCount: Int {
    lock.withLock {
      let finished = finishedRecently.values.reduce(0) { $0 + $1.filter { $0.lifetime != nil }.count }
      return inFlight.count + cancellables.count + finished + sharedState.count
    }
  }

  /// Per-id state shared between effects with the same id (throttle's last emission), made on first use.
  package func sharedState<State: AnyObject>(for id: EffectID, make: () -> State) -> State {
    lock.withLock {
      if let existing = sharedState[id] as? State { return existing }
      let state = make()
      sharedState[id] = state
      return state
    }
  }
}

private struct WeakLifetime {
  weak var lifetime: EffectLifetime?
}
