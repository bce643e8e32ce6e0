/// Which effects are running for one store, by cancellation id, and the little state that
/// `throttle` keeps between effects: the storage around the ``RegistryState`` state machine, behind
/// one lock.
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
///
/// Every method here is one critical section: it runs a transition of the state under the lock,
/// then carries out what the transition returned (handlers, cancellations, waiters) after it.
@usableFromInline
package final class CancellationRegistry: @unchecked Sendable {
  private let lock = Lock()
  /// Guarded by `lock`, which is what makes the unchecked exclusivity safe: every access is inside
  /// ``withState(_:)``, and no transition calls back into the registry.
  @exclusivity(unchecked) private var state = RegistryState()

  /// The top-level run whose output the store is reducing right now, set by a `.run`'s `Send`
  /// around its delivery: effects started meanwhile join that run's ``StoreTask``. Touched only on
  /// the store's actor, where outputs are delivered, so it needs no lock and is not part of the state.
  @usableFromInline @exclusivity(unchecked) package var deliveringRun: EffectLifetime?

  /// Where `.run` effects of this registry's store start their tasks; `nil` in an app (see
  /// ``EffectTaskStarter``).
  /// The removal checks the store runs after each action (see ``WatchedRemovalChecks``); touched
  /// only by the store's send loop, like ``deliveringRun``.
  @usableFromInline @exclusivity(unchecked) package var removalChecks = WatchedRemovalChecks()

  package let taskStarter: (any EffectTaskStarter)?

  // The store's isolation, set once, by the store's first send at the latest, before any effect
  // starts (which is what makes reading it from effects' tasks safe).
  /// Whether the store knows its isolation.
  @exclusivity(unchecked) package private(set) var isBound = false
  /// The actor a store that is not on the main actor belongs to, where its `.run`s' `send` hops;
  /// `nil` on the main actor. Weak: that actor usually owns the store, which owns this registry.
  @usableFromInline @exclusivity(unchecked) package private(set) weak var otherActor: (any Actor)?
  /// An actor the library made for an executor of the user's (see `CurrentIsolation.swift`): kept
  /// here, since nobody else holds it.
  @exclusivity(unchecked) private var madeActor: (any Actor)?
  /// Where outputs delivered away from the actor of a store that is not on the main actor wait
  /// for it; `nil` on the main actor.
  @usableFromInline @exclusivity(unchecked) private(set) var mailbox: StoreMailbox?

  /// Records the store's isolation.
  func bind(to isolation: StoreIsolation) {
    isBound = true
    guard case .actor(let actor) = isolation else { return }
    otherActor = actor
    if actor is ExecutorActor { madeActor = actor }
    mailbox = StoreMailbox(actor: actor)
  }

  /// A registry whose `.run` tasks start where `taskStarter` puts them: by default, where the
  /// installed starter does (nowhere special in an app).
  package init(taskStarter: (any EffectTaskStarter)? = EffectTaskStarters.forNewStore()) {
    self.taskStarter = taskStarter
  }

  /// Runs `body` on the state with the lock held. `body` must not call back into the registry (nor
  /// into a lifetime or group of it): it returns what to do, and the caller does it after.
  @inline(__always)
  func withState<Result>(_ body: (inout RegistryState) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&state)
  }

  /// Where the `.run` effects of this store report an error nothing handled; `nil` means standard
  /// error, as in an app. A test store sets its own, so that the error fails the test, however late
  /// the effect started (the second part of a `concatenate`, after a `delay`).
  package var runErrorReporter: (@Sendable (RunErrorReport) -> Void)? {
    get { withState { $0.runErrorReporter } }
    set { withState { $0.runErrorReporter = newValue } }
  }

  /// Where an output that arrived off the main thread goes instead of stopping the program: a test
  /// store takes it, to fail the test at its own line and reduce it on the main actor. `nil` in an app.
  /// Read only on that wrong path, never on a correct delivery.
  @usableFromInline
  package var offMainOutputHandler: (@Sendable (UncheckedSendable<Any>) -> Void)? {
    get { withState { $0.offMainOutputHandler } }
    set { withState { $0.offMainOutputHandler = newValue } }
  }

  /// Records a top-level run until it ends; a run that has already ended is not recorded. Returns
  /// whether the run is still going (recorded now or before), which is what a caller that keeps runs
  /// to wait for wants to know, learnt in the same critical section.
  @usableFromInline
  @discardableResult
  package func track(_ lifetime: EffectLifetime) -> Bool {
    switch withState({ $0.track(lifetime) }) {
    case .running: return true
    case .ended: return false
    case .storeClosed:
      lifetime.cancel()
      return false
    }
  }

  /// Records `lifetime` under `id` until it ends, so that ``cancel(id:)`` can reach it. A lifetime is
  /// registered under one id at most.
  @usableFromInline
  package func register(_ lifetime: EffectLifetime, id: EffectID) {
    if withState({ $0.register(lifetime, id: id) }) { lifetime.cancel() }
  }

  /// Registers a store's own run under `id` itself, if it can stand for the cancellable part of its
  /// effect (see ``EffectLifetime/isStoreRun``): it is running and not registered under an id yet.
  /// Returns `false`, registering nothing, otherwise. It also tracks the run (see ``track(_:)``), and
  /// says so in ``EffectLifetime/isTrackedAtStart``, so that the store skips a second lock for it.
  @usableFromInline
  package func registerStoreRun(_ lifetime: EffectLifetime, id: EffectID) -> Bool {
    withState { $0.registerStoreRun(lifetime, id: id) }
  }

  /// Starts a run of a `forEach`'s or `ifLet`'s child's effect under `scope`, inside `run`: `run`
  /// itself when it is a store's run that has just started (see
  /// ``RegistryState/adoptStoreRun(_:scope:)``), else a child of it that finishes it. The run is
  /// held among the child's runs until it ends (see ``RegistryState/cancelChild(of:)``). Returns
  /// the lifetime the child's effect runs in.
  @usableFromInline
  func startChildRun(in run: EffectLifetime, scope: ChildRunScope) -> EffectLifetime {
    if withState({ $0.adoptStoreRun(run, scope: scope) }) { return run }
    let inner = run.makeChildFinishingParent(scope: scope)
    if withState({ $0.registerChildRun(inner, scope: scope) }) { inner.cancel() }
    return inner
  }

  /// The children of `group` with an effect running in this store, each by the scope of one of
  /// its runs: what a removal check compares with the children still in the state.
  @usableFromInline
  func runningChildren(in group: ChildGroup) -> RunningChildren {
    withState { $0.runningChildren(in: group) }
  }

  /// Cancels every running effect registered under `id`. An unknown id is not an error: the effect
  /// may simply have finished already.
  @usableFromInline
  package func cancel(id: EffectID) {
    withState { $0.cancel(id: id) }.carryOut()
  }

  /// Cancels every run of the child whose run has `scope`: a removal check found that its parent
  /// no longer holds it.
  @usableFromInline
  func cancelChild(of scope: ChildRunScope) {
    withState { $0.cancelChild(of: scope) }.carryOut()
  }

  /// Cancels everything this registry tracks: the store is going away, and anything registered
  /// later is cancelled on the spot. A test store's `finish()` passes `closing: false`: the story
  /// goes on after it, and what it sends then runs as before.
  package func cancelAll(closing: Bool = true) {
    let (runs, identified) = withState { $0.cancelAll(closing: closing) }
    // Whole runs first: a part cancelled on its own counts as finished to a concatenation, which
    // would then start its next part for a store that is gone.
    for run in runs { run.cancel() }
    for lifetime in identified { lifetime.cancel() }
  }

  /// How many top-level runs have not ended yet.
  package var runningCount: Int {
    withState { $0.topLevelRuns.count }
  }

  /// How many entries the registry holds in all: zero once every effect has ended and no `throttle`
  /// has been used.
  package var entryCount: Int {
    withState { $0.entryCount }
  }

  #if DEBUG
    /// How many lifetimes the removals under `id` have moved or examined (see ``IndexedBag``).
    package func removalSteps(id: EffectID) -> Int {
      withState { $0.removalSteps(id: id) }
    }
  #endif

  /// What every `throttle` with `id` shares, whatever its output type: an id is an id.
  func throttleState(for id: EffectID) -> ThrottleState {
    withState { $0.throttleState(for: id) }
  }
}
