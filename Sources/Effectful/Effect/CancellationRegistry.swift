/// Which effects are running for one store, by cancellation id, and the little state that
/// `throttle` keeps between effects.
///
/// Each store owns one registry, so two stores never cancel each other's effects, tests running in
/// parallel cannot interfere, and a released store takes its registry (and every effect in it) along.
/// Entries leave the registry when their effect ends, so it holds only what is running (and, weakly,
/// what finished with outputs still on their way), plus one small entry per `throttle` id (when it
/// last let an output through), kept for the store's life.
///
/// A cancellation reaches exactly the effects registered under its id when it is processed: the
/// registry keeps no memory of past cancellations, so an effect that starts later under that id
/// (after a `delay`, in a later part of a `concatenate`) runs as if it had never happened.
@usableFromInline
package final class CancellationRegistry: @unchecked Sendable {
  /// Guards this registry and the state of every ``EffectLifetime`` that belongs to it.
  package let lock = Lock()

  // Guarded by `lock`, which is what makes the unchecked exclusivity safe: no two threads touch these
  // at once, and no access to one of them is held across a call that could reach it again.
  /// The top-level runs, in no particular order; each knows its index, so that it leaves in O(1)
  /// without hashing.
  @exclusivity(unchecked) private var inFlight: [EffectLifetime] = []
  @exclusivity(unchecked) private var cancellables: [EffectID: Running] = [:]
  /// Lifetimes that finished but may still have outputs on their way (each output holds its
  /// lifetime strongly until delivered): a later `cancel(id:)` must stop those too. Weak, so an
  /// entry empties itself once its outputs have landed.
  @exclusivity(unchecked) private var finishedRecently: [EffectID: FinishedLifetimes] = [:]
  @exclusivity(unchecked) private var pruneThreshold = 64
  @exclusivity(unchecked) private var throttles: [EffectID: ThrottleState] = [:]
  /// Set once the store has gone: anything registered later is cancelled on the spot.
  @exclusivity(unchecked) private var isClosed = false
  @exclusivity(unchecked) private var _runErrorReporter: (@Sendable (RunErrorReport) -> Void)?
  @exclusivity(unchecked) private var _offMainOutputHandler: (@Sendable (UncheckedSendable<Any>) -> Void)?

  /// The top-level run whose output the store is reducing right now, set by a `.run`'s `Send`
  /// around its delivery: effects started meanwhile join that run's ``StoreTask``. Touched only on
  /// the main thread, where outputs are delivered, so it needs no lock.
  @usableFromInline @exclusivity(unchecked) package var deliveringRun: EffectLifetime?

  /// Where the `.run` effects of this store report an error nothing handled; `nil` means standard
  /// error, as in an app. A test store sets its own, so that the error fails the test, however late
  /// the effect started (the second part of a `concatenate`, after a `delay`).
  package var runErrorReporter: (@Sendable (RunErrorReport) -> Void)? {
    get { lock.withLock { _runErrorReporter } }
    set { lock.withLock { _runErrorReporter = newValue } }
  }

  /// Where an output that arrived off the main thread goes instead of stopping the program: a test
  /// store takes it, to fail the test at its own line and reduce it on the main actor. `nil` in an app.
  /// Read only on that wrong path, never on a correct delivery.
  @usableFromInline
  package var offMainOutputHandler: (@Sendable (UncheckedSendable<Any>) -> Void)? {
    get { lock.withLock { _offMainOutputHandler } }
    set { lock.withLock { _offMainOutputHandler = newValue } }
  }

  /// Where `.run` effects of this registry's store start their tasks; `nil` in an app (see
  /// ``EffectTaskStarter``).
  package let taskStarter: (any EffectTaskStarter)?

  /// A registry whose `.run` tasks start where `taskStarter` puts them: by default, where the
  /// installed starter does (nowhere special in an app).
  package init(taskStarter: (any EffectTaskStarter)? = EffectTaskStarters.forNewStore()) {
    self.taskStarter = taskStarter
  }

  /// Records a top-level run until it ends; a run that has already ended is not recorded. Returns
  /// whether the run is still going (recorded now or before), which is what a caller that keeps runs
  /// to wait for wants to know, learnt in the same critical section.
  @usableFromInline
  @discardableResult
  package func track(_ lifetime: EffectLifetime) -> Bool {
    let (closed, running) = lock.withLock { () -> (Bool, Bool) in
      guard !isClosed else { return (true, false) }
      guard lifetime.state == .running else { return (false, false) }
      guard lifetime.trackedIndex == nil else { return (false, true) }
      // Removed by `lifetimeEnded`, in the critical section that ends the lifetime: no end handler.
      lifetime.trackedIndex = inFlight.count
      inFlight.append(lifetime)
      return (false, true)
    }
    if closed { lifetime.cancel() }
    return running
  }

  /// Records `lifetime` under `id` until it ends, so that ``cancel(id:)`` can reach it. A lifetime is
  /// registered under one id at most.
  @usableFromInline
  package func register(_ lifetime: EffectLifetime, id: EffectID) {
    let cancelNow = lock.withLock { () -> Bool in
      switch lifetime.state {
      case .running:
        break
      case .finished:
        // Its outputs may still be on their way: as if it had ended after registering.
        rememberFinished(lifetime, id: id)
        return false
      case .cancelled:
        return false
      }
      if isClosed { return true }
      precondition(!lifetime.isRegistered, "a lifetime is registered under one id at most")
      insert(lifetime, id: id)
      return false
    }
    if cancelNow { lifetime.cancel() }
  }

  /// Registers a store's own run under `id` itself, if it can stand for the cancellable part of its
  /// effect (see ``EffectLifetime/isStoreRun``): it is running and not registered under an id yet.
  /// Returns `false`, registering nothing, otherwise.
  ///
  /// It also tracks the run (see ``track(_:)``) in the same critical section, and says so in
  /// ``EffectLifetime/isTrackedAtStart``, so that the store skips a second lock for it: starting a
  /// cancellable effect is common, and cancel.startCancel measures it.
  @usableFromInline
  package func registerStoreRun(_ lifetime: EffectLifetime, id: EffectID) -> Bool {
    lock.withLock {
      guard !isClosed, lifetime.isStoreRun, lifetime.state == .running, !lifetime.isRegistered
      else {
        return false
      }
      insert(lifetime, id: id)
      if lifetime.trackedIndex == nil {
        lifetime.trackedIndex = inFlight.count
        inFlight.append(lifetime)
        lifetime.isTrackedAtStart = true
      }
      return true
    }
  }

  /// Must be called with `lock` held, for a running lifetime with no id yet.
  private func insert(_ lifetime: EffectLifetime, id: EffectID) {
    // Holding the lifetime here is no leak: `lifetimeEnded` removes it as the lifetime ends.
    lifetime.registeredID = id
    lifetime.isRegistered = true
    switch cancellables[id] {
    case nil: cancellables[id] = .one(lifetime)
    case .one(let other): cancellables[id] = .many(LifetimeGroup(other, lifetime))
    case .many(let group): group.append(lifetime)
    }
  }

  /// Drops a lifetime that just ended from the runs and ids it is recorded under. Called by the
  /// lifetime with `lock` held, in the same critical section that ends it, so that no `cancel(id:)`
  /// can find it in between.
  func lifetimeEnded(_ lifetime: EffectLifetime, wasCancelled: Bool) {
    if let index = lifetime.trackedIndex {
      lifetime.trackedIndex = nil
      // Swap-remove: the last run takes the ended one's place.
      let last = inFlight.removeLast()
      if last !== lifetime {
        inFlight[index] = last
        last.trackedIndex = index
      }
    }
    guard lifetime.isRegistered, let id = lifetime.registeredID else { return }
    lifetime.isRegistered = false
    switch cancellables[id] {
    case .one(let only) where only === lifetime:
      cancellables[id] = nil
    case .many(let group):
      // O(1): thousands of effects ending under one id must not each rebuild the id's list.
      group.remove(lifetime)
      if group.lifetimes.isEmpty { cancellables[id] = nil }
    default:
      break
    }
    if !wasCancelled { rememberFinished(lifetime, id: id) }
  }

  /// The effects running under one id: almost always one, so that case needs no collection.
  private enum Running {
    case one(EffectLifetime)
    case many(LifetimeGroup)

    var lifetimes: [EffectLifetime] {
      switch self {
      case .one(let lifetime): [lifetime]
      case .many(let group): group.lifetimes
      }
    }

    /// Calls `body` on each lifetime, without making an array for the single one.
    func forEach(_ body: (EffectLifetime) -> Void) {
      switch self {
      case .one(let lifetime): body(lifetime)
      case .many(let group): for lifetime in group.lifetimes { body(lifetime) }
      }
    }
  }

  /// Must be called with `lock` held.
  private func rememberFinished(_ lifetime: EffectLifetime, id: EffectID) {
    if let finished = finishedRecently[id] {
      finished.append(lifetime)
    } else {
      finishedRecently[id] = FinishedLifetimes(lifetime)
    }
    // Sweep ids nobody cancels again, amortized: the map never outgrows twice its live size.
    if finishedRecently.count > pruneThreshold {
      finishedRecently = finishedRecently.filter { _, finished in
        finished.prune()
        return !finished.entries.isEmpty
      }
      pruneThreshold = max(64, finishedRecently.count * 2)
    }
  }

  /// Cancels every running effect registered under `id`. An unknown id is not an error: the effect
  /// may simply have finished already.
  @usableFromInline
  package func cancel(id: EffectID) {
    let (running, finished) = lock.withLock {
      let running = cancellables.removeValue(forKey: id)
      // Out of `cancellables` already: nothing for `lifetimeEnded` to look up when they end.
      running?.forEach { $0.isRegistered = false }
      // Most ids have nothing that finished recently: skip that lookup's hashing when none has.
      return (running, finishedRecently.isEmpty ? nil : finishedRecently.removeValue(forKey: id))
    }
    running?.forEach { $0.revoke() }
    finished?.entries.forEach { $0.lifetime?.revoke() }
  }

  /// Cancels everything this registry tracks: the store is going away, and anything registered
  /// later is cancelled on the spot. A test store's `finish()` passes `closing: false`: the story
  /// goes on after it, and what it sends then runs as before.
  package func cancelAll(closing: Bool = true) {
    let (runs, identified) = lock.withLock {
      if closing { isClosed = true }
      defer {
        inFlight = []
        cancellables = [:]
        finishedRecently = [:]
        throttles = [:]
      }
      // Out of the registry from here on: nothing for `lifetimeEnded` to remove when they end.
      for run in inFlight { run.trackedIndex = nil }
      let identified = cancellables.values.flatMap(\.lifetimes)
      for lifetime in identified { lifetime.isRegistered = false }
      return (inFlight, identified)
    }
    // Whole runs first: a part cancelled on its own counts as finished to a concatenation, which
    // would then start its next part for a store that is gone.
    for run in runs { run.cancel() }
    for lifetime in identified { lifetime.cancel() }
  }

  /// How many top-level runs have not ended yet.
  package var runningCount: Int {
    lock.withLock { inFlight.count }
  }

  /// How many entries the registry holds in all: zero once every effect has ended and no `throttle`
  /// has been used.
  package var entryCount: Int {
    lock.withLock {
      let finished = finishedRecently.values.reduce(0) { $0 + $1.entries.filter { $0.lifetime != nil }.count }
      return inFlight.count + cancellables.count + finished + throttles.count
    }
  }

  #if DEBUG
    /// How many lifetimes the removals under `id` have moved or examined (see `LifetimeGroup`).
    package func removalSteps(id: EffectID) -> Int {
      lock.withLock {
        if case .many(let group) = cancellables[id] { return group.removalSteps }
        return 0
      }
    }
  #endif

  /// What every `throttle` with `id` shares, whatever its output type: an id is an id.
  func throttleState(for id: EffectID) -> ThrottleState {
    lock.withLock {
      if let existing = throttles[id] { return existing }
      let state = ThrottleState()
      throttles[id] = state
      return state
    }
  }
}

/// The effects running under one id when there are several, each knowing its place
/// (``EffectLifetime/registeredIndex``), so that one leaves in O(1). Guarded by the registry's lock.
private final class LifetimeGroup {
  @exclusivity(unchecked) private(set) var lifetimes: [EffectLifetime]

  init(_ first: EffectLifetime, _ second: EffectLifetime) {
    first.registeredIndex = 0
    second.registeredIndex = 1
    lifetimes = [first, second]
  }

  func append(_ lifetime: EffectLifetime) {
    lifetime.registeredIndex = lifetimes.count
    lifetimes.append(lifetime)
  }

  #if DEBUG
    /// How many lifetimes removals have moved or examined: what a test counts to tell O(1) removal
    /// from a rebuild, without timing anything. Debug builds only.
    private(set) var removalSteps = 0
  #endif

  /// Swap-remove: the last lifetime takes the removed one's place.
  func remove(_ lifetime: EffectLifetime) {
    let index = lifetime.registeredIndex
    guard lifetimes.indices.contains(index), lifetimes[index] === lifetime else { return }
    #if DEBUG
      removalSteps += 1
    #endif
    let last = lifetimes.removeLast()
    if last !== lifetime {
      lifetimes[index] = last
      last.registeredIndex = index
    }
  }
}

/// Finished lifetimes of one id whose outputs may still be on their way, held weakly. Dead entries
/// are swept when the list has doubled since the last sweep: amortized O(1) per finish.
private final class FinishedLifetimes {
  struct Entry { weak var lifetime: EffectLifetime? }
  private(set) var entries: [Entry]
  private var sweepAt = 8

  init(_ lifetime: EffectLifetime) {
    entries = [Entry(lifetime: lifetime)]
  }

  func append(_ lifetime: EffectLifetime) {
    entries.append(Entry(lifetime: lifetime))
    if entries.count >= sweepAt {
      prune()
      sweepAt = max(8, entries.count * 2)
    }
  }

  func prune() {
    entries.removeAll { $0.lifetime == nil }
  }
}
