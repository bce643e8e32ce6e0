/// Everything one store's ``CancellationRegistry`` guards with its lock, and every change to it: the
/// registry's state machine.
///
/// Each transition is a method that changes the state and returns what must happen once the lock is
/// released (handlers to run, lifetimes to cancel, waiters to resume): handlers cancel children and
/// tell parents, which take the lock again. The registry calls them inside
/// ``CancellationRegistry/withState(_:)``; nothing else touches the state.
///
/// The state has three parts:
/// - the registry's own: the top-level runs, the lifetimes registered under each cancellation id, the
///   finished ones whose outputs may still be on their way, `throttle`'s per-id state;
/// - each run's ``LifetimeRecord``, kept in its ``EffectLifetime``;
/// - each ``StoreTask``'s ``StoreTaskGroupRecord``, kept in its ``StoreTaskGroup``.
///
/// The records live in their objects rather than in tables here so that reaching one is a field
/// access, not a hash lookup: a cancellable effect's start and cancel touch them several times
/// (cancel.startCancel measures it). They are part of this state all the same: only these methods
/// read or write them, with the lock held.
struct RegistryState {
  /// The runs a store started that have not ended, in no particular order.
  private(set) var topLevelRuns = IndexedBag<TopLevelRunSlot>()
  private var registered: [EffectID: Registered] = [:]
  /// Lifetimes that finished but may still have outputs on their way (each output holds its
  /// lifetime strongly until delivered): a later `cancel(id:)` must stop those too. Weak, so an
  /// entry empties itself once its outputs have landed.
  private var finishedRecently: [EffectID: FinishedLifetimes] = [:]
  private var pruneThreshold = 64
  private var throttles: [EffectID: ThrottleState] = [:]
  /// Which children of each `forEach` and `ifLet` have runs going: changed in the critical sections
  /// that register a child's run and end it.
  private var childEffects = ChildRuns()
  /// Set once the store has gone: anything registered later is cancelled on the spot.
  private var isClosed = false
  var runErrorReporter: (@Sendable (RunErrorReport) -> Void)?
  var offMainOutputHandler: (@Sendable (UncheckedSendable<Any>) -> Void)?
}

// MARK: - A lifetime's own state

extension RegistryState {
  func phase(of lifetime: EffectLifetime) -> LifetimePhase {
    lifetime.record.phase
  }

  /// Whether outputs that already left `lifetime` may still be delivered: not once it has been
  /// cancelled, even if it had finished by then.
  func isRevoked(_ lifetime: EffectLifetime) -> Bool {
    lifetime.record.phase == .cancelled || lifetime.record.revokedAfterFinishing
  }

  /// Ends a running lifetime, and returns its handlers and whatever its ending lets go on; `nil` if
  /// it had already ended. With `revokingIfFinished`, a finished lifetime is marked so that its
  /// outputs still in flight are dropped: `cancel(id:)` may arrive at the very moment it finishes.
  mutating func end(
    _ lifetime: EffectLifetime, cancelled: Bool, revokingIfFinished: Bool = false
  ) -> LifetimeEnding? {
    guard lifetime.record.phase == .running else {
      if revokingIfFinished, lifetime.record.phase == .finished {
        lifetime.record.revokedAfterFinishing = true
      }
      return nil
    }
    lifetime.record.phase = cancelled ? .cancelled : .finished
    leaveRegistry(lifetime, wasCancelled: cancelled)
    var released: PresentedChild.Delivery?
    if let scope = lifetime.scope {
      if lifetime.record.isHeldChildRun {
        lifetime.record.isHeldChildRun = false
        // Set only with a `ChildRunScope` (see `registerChildRun`).
        childEffects.ended(unsafeDowncast(scope, to: ChildRunScope.self), run: lifetime)
        // Its outputs may still be on their way: the child's removal must stop them too.
        if !cancelled { rememberFinished(lifetime, id: scope.wholeScopeID) }
      }
      released = scope.presented?.release(endingWith: lifetime)
    }
    let woundDown = lifetime.record.runningTasks > 0 ? nil : memberWoundDown(lifetime)
    return LifetimeEnding(
      taking: &lifetime.record, wasCancelled: cancelled, woundDown: woundDown, released: released)
  }

  /// Keeps `handler` for when `lifetime` is cancelled; returns `true` to run it now, outside the
  /// lock, because it already was. A finished lifetime drops it.
  mutating func addCancelHandler(_ handler: CancelHandler, to lifetime: EffectLifetime) -> Bool {
    guard lifetime.record.phase == .running else { return lifetime.record.phase == .cancelled }
    lifetime.record.cancelHandlers.append(handler)
    return false
  }

  /// Keeps `handler` for when `lifetime` ends; if it already has, returns how (`true`: cancelled),
  /// to run the handler now, outside the lock.
  mutating func addEndHandler(_ handler: EndHandler, to lifetime: EffectLifetime) -> Bool? {
    guard lifetime.record.phase == .running else { return lifetime.record.phase == .cancelled }
    lifetime.record.endHandlers.append(handler)
    return nil
  }

  /// A `.run` task under `lifetime` is starting: its top-level run is not over for its
  /// ``StoreTask`` until the task has returned.
  mutating func taskStarted(under lifetime: EffectLifetime) {
    lifetime.topLevel.record.runningTasks += 1
  }

  /// A `.run` task under `lifetime` has returned: if its top-level run has ended and this was its
  /// last task, the run leaves its group, and the group's waiters may go on.
  mutating func taskReturned(under lifetime: EffectLifetime) -> StoreTaskGroupWaiters? {
    let top = lifetime.topLevel
    top.record.runningTasks -= 1
    guard top.record.runningTasks == 0, top.record.phase != .running else { return nil }
    return memberWoundDown(top)
  }
}

// MARK: - Top-level runs and cancellation ids

extension RegistryState {
  /// What ``track(_:)`` found.
  enum Tracking {
    /// The run is recorded (now or before) and still going.
    case running
    /// The run has already ended: nothing to record.
    case ended
    /// The store has gone: cancel the run.
    case storeClosed
  }

  /// Records a top-level run until it ends; a run that has already ended is not recorded.
  mutating func track(_ lifetime: EffectLifetime) -> Tracking {
    guard !isClosed else { return .storeClosed }
    guard lifetime.record.phase == .running else { return .ended }
    // Removed by `leaveRegistry`, in the critical section that ends the lifetime: no end handler.
    if lifetime.record.topLevelIndex == nil { topLevelRuns.insert(lifetime) }
    return .running
  }

  /// Records `lifetime` under `id` until it ends; returns `true` to cancel it, outside the lock,
  /// because the store has gone. A lifetime is registered under one id at most.
  mutating func register(_ lifetime: EffectLifetime, id: EffectID) -> Bool {
    switch lifetime.record.phase {
    case .running:
      if isClosed { return true }
      precondition(!lifetime.record.isRegistered, "a lifetime is registered under one id at most")
      insert(lifetime, id: id)
    case .finished:
      // Its outputs may still be on their way: as if it had ended after registering.
      rememberFinished(lifetime, id: id)
    case .cancelled:
      break
    }
    return false
  }

  /// Registers a store's own run under `id` itself, if it can stand for the cancellable part of its
  /// effect (see ``EffectLifetime/isStoreRun``), and tracks it (see ``track(_:)``) in the same step,
  /// saying so in ``EffectLifetime/isTrackedAtStart``: one critical section instead of two for the
  /// commonest cancellable effect. Returns `false`, changing nothing, if it cannot.
  mutating func registerStoreRun(_ lifetime: EffectLifetime, id: EffectID) -> Bool {
    guard !isClosed, lifetime.isStoreRun, lifetime.record.phase == .running, !lifetime.record.isRegistered
    else { return false }
    insert(lifetime, id: id)
    if lifetime.record.topLevelIndex == nil {
      topLevelRuns.insert(lifetime)
      lifetime.isTrackedAtStart = true
    }
    return true
  }

  /// Makes `run`, a store's run that has just started, the run of a `forEach`'s or `ifLet`'s
  /// child's effect itself: it takes `scope`, is tracked (see ``registerStoreRun(_:id:)``) and held
  /// among the child's runs (see ``cancelChild(of:)``). Returns `false`, changing
  /// nothing, unless the run is fresh: a store's run, running, with no id, no scope and no handler
  /// yet, so that nothing of the run has read its scope or hooked into it.
  ///
  /// The commonest child effect is the whole of what a store's run does: one lifetime instead of
  /// a child one that finishes it, and one critical section instead of five
  /// (navigation.presentDismiss, BENCHMARKS.md).
  ///
  /// A presented child's scope too: its ``PresentedChild`` holds the run it dismisses through,
  /// which is then this one, and a run holds its scope for as long as it lives. The child lets go
  /// of the run as the run ends (see ``end(_:cancelled:revokingIfFinished:)``); without that, the
  /// run, the scope and the child's identity were never freed (a kilobyte a presentation).
  mutating func adoptStoreRun(_ run: EffectLifetime, scope: ChildRunScope) -> Bool {
    guard !isClosed, run.isStoreRun, run.scope == nil, run.record.phase == .running,
      !run.record.isRegistered, run.record.cancelHandlers.isEmpty, run.record.endHandlers.isEmpty
    else { return false }
    run.scope = scope
    run.record.isHeldChildRun = true
    childEffects.started(scope, run: run)
    if run.record.topLevelIndex == nil {
      topLevelRuns.insert(run)
      run.isTrackedAtStart = true
    }
    return true
  }

  /// Holds `lifetime`, a new run of a `forEach`'s or `ifLet`'s child's effect under its
  /// ``EffectLifetime/scope`` (a `scope`), among the child's runs (see ``cancelChild(of:)``);
  /// returns `true` to cancel it, outside the lock, because the store has gone.
  mutating func registerChildRun(_ lifetime: EffectLifetime, scope: ChildRunScope) -> Bool {
    guard !isClosed else { return true }
    guard lifetime.record.phase == .running else { return false }
    lifetime.record.isHeldChildRun = true
    childEffects.started(scope, run: lifetime)
    return false
  }

  /// Cancels every run of the child whose run has `scope` (a child its parent no longer holds), and
  /// marks those that finished with outputs still on their way, in one critical section; returns
  /// the endings to carry out.
  ///
  /// A child's runs are held by ``ChildRuns``, not registered under the scope's whole-scope
  /// id: the check that finds the child gone hands its runs over, without hashing that id into the
  /// registry's table as each run starts and ends and again here (about 2,000 instructions of
  /// navigation.presentDismiss's 12,300, BENCHMARKS.md).
  mutating func cancelChild(of scope: ChildRunScope) -> CancelledLifetimes {
    revokeFinished(id: scope.wholeScopeID)
    return cancelTaken(childEffects.takeRuns(of: scope)) { $0.record.isHeldChildRun = false }
  }

  /// The children of `group` with an effect running, each by the scope of one of its runs.
  func runningChildren(in group: ChildGroup) -> RunningChildren {
    childEffects.running(in: group)
  }

  /// For a running lifetime with no id yet.
  private mutating func insert(_ lifetime: EffectLifetime, id: EffectID) {
    // Holding the lifetime here is no leak: `leaveRegistry` removes it as the lifetime ends.
    lifetime.record.registeredID = id
    lifetime.record.isRegistered = true
    // Looked up, then set or changed in place, rather than changed through `registered[id]?`:
    // that optional subscript is a coroutine whose frames are allocated, three per start.
    if let index = registered.index(forKey: id) {
      registered.values[index].add(lifetime)
    } else {
      registered[id] = .one(lifetime)
    }
  }

  /// Drops a lifetime that is ending from the runs and the id it is recorded under, in the critical
  /// section that ends it, so that no `cancel(id:)` can find it in between.
  private mutating func leaveRegistry(_ lifetime: EffectLifetime, wasCancelled: Bool) {
    if lifetime.record.topLevelIndex != nil { topLevelRuns.remove(lifetime) }
    guard lifetime.record.isRegistered, let id = lifetime.record.registeredID else { return }
    lifetime.record.isRegistered = false
    if let index = registered.index(forKey: id) {
      switch registered.values[index] {
      case .one(let only): if only === lifetime { registered.remove(at: index) }
      case .many: if registered.values[index].remove(lifetime) { registered.remove(at: index) }
      }
    }
    if !wasCancelled { rememberFinished(lifetime, id: id) }
  }

  private mutating func rememberFinished(_ lifetime: EffectLifetime, id: EffectID) {
    finishedRecently[id, default: FinishedLifetimes()].append(lifetime)
    // Sweep ids nobody cancels again, amortized: the map never outgrows twice its live size.
    if finishedRecently.count > pruneThreshold {
      finishedRecently = finishedRecently.compactMapValues { finished in
        var finished = finished
        finished.prune()
        return finished.entries.isEmpty ? nil : finished
      }
      pruneThreshold = max(64, finishedRecently.count * 2)
    }
  }

  /// Cancels every lifetime running under `id`, and marks those that finished with outputs still on
  /// their way, in one critical section; returns the endings to carry out. An unknown id is not an
  /// error: the effect may simply have finished already.
  mutating func cancel(id: EffectID) -> CancelledLifetimes {
    revokeFinished(id: id)
    // Out of `registered` already: nothing for `leaveRegistry` to look up as they end.
    return cancelTaken(registered.removeValue(forKey: id)) { $0.record.isRegistered = false }
  }

  /// Cancels the lifetimes of `taken`, just taken out of where they were held; `leave` clears what
  /// said they were held there, so that their endings do not look for them.
  private mutating func cancelTaken<Slot>(
    _ taken: LifetimeSet<Slot>?, leaving leave: (EffectLifetime) -> Void
  ) -> CancelledLifetimes {
    switch taken {
    case nil:
      return .none
    case .one(let lifetime):
      leave(lifetime)
      return end(lifetime, cancelled: true, revokingIfFinished: true).map(CancelledLifetimes.one) ?? .none
    case .many(let bag):
      for lifetime in bag.elements { leave(lifetime) }
      return .many(bag.elements.compactMap { end($0, cancelled: true, revokingIfFinished: true) })
    }
  }

  /// Marks the lifetimes that finished under `id` with outputs still on their way: those outputs
  /// are dropped.
  private mutating func revokeFinished(id: EffectID) {
    // Most ids have nothing that finished recently: skip that lookup's hashing when none has.
    guard !finishedRecently.isEmpty, let finished = finishedRecently.removeValue(forKey: id) else { return }
    for entry in finished.entries {
      if let lifetime = entry.lifetime, lifetime.record.phase == .finished {
        lifetime.record.revokedAfterFinishing = true
      }
    }
  }

  /// Forgets every run and id, returning the runs and the registered lifetimes to cancel outside the
  /// lock; with `closing`, anything registered later is cancelled on the spot.
  mutating func cancelAll(closing: Bool) -> (runs: [EffectLifetime], identified: [EffectLifetime]) {
    if closing { isClosed = true }
    let runs = topLevelRuns.removeAll()
    let identified = registered.values.flatMap(\.lifetimes)
    // Out of the registry from here on: nothing for `leaveRegistry` to remove when they end.
    for lifetime in identified { lifetime.record.isRegistered = false }
    registered = [:]
    finishedRecently = [:]
    throttles = [:]
    return (runs, identified)
  }

  /// How many entries the registry holds in all: zero once every effect has ended and no `throttle`
  /// has been used.
  var entryCount: Int {
    let finished = finishedRecently.values.reduce(0) { count, finished in
      count + finished.entries.filter { $0.lifetime != nil }.count
    }
    return topLevelRuns.count + registered.count + finished + throttles.count
  }

  #if DEBUG
    /// How many lifetimes the removals under `id` have moved or examined (see ``IndexedBag``).
    func removalSteps(id: EffectID) -> Int {
      if case .many(let bag) = registered[id] { return bag.removalSteps }
      return 0
    }
  #endif

  /// What every `throttle` with `id` shares, whatever its output type: an id is an id.
  mutating func throttleState(for id: EffectID) -> ThrottleState {
    if let existing = throttles[id] { return existing }
    let state = ThrottleState()
    throttles[id] = state
    return state
  }
}

// MARK: - Store task groups

extension RegistryState {
  /// Makes `run`, a top-level run that has not wound down, a member of `group`; returns `true` to
  /// cancel it, outside the lock, because the group was cancelled before it joined.
  mutating func join(_ run: EffectLifetime, _ group: StoreTaskGroup) -> Bool {
    guard run.record.group == nil, run.record.phase == .running || run.record.runningTasks > 0
    else { return false }
    run.record.group = group
    group.record.members.insert(run)
    group.record.joinedCount += 1
    return group.record.isCancelled && run.record.phase == .running
  }

  /// Makes `run` a member of the group of `delivering`'s task; returns whether to cancel it (see
  /// ``join(_:_:)``).
  mutating func join(_ run: EffectLifetime, groupOf delivering: EffectLifetime) -> Bool {
    // A run that is delivering has not wound down, so it is a member of its task's group, or else
    // the first run of its task, which stood for it until now (see `StoreTask.firstRun`).
    join(run, delivering.record.group ?? taskGroup(of: delivering))
  }

  /// Makes `run` a member of the group of the task that `first`, the first run of the same send,
  /// stands for; returns whether to cancel it (see ``join(_:_:)``).
  mutating func join(_ run: EffectLifetime, taskOf first: EffectLifetime) -> Bool {
    join(run, taskGroup(of: first))
  }

  /// The group of the ``StoreTask`` that `run`, the first run its send started, stands for: made
  /// now, with `run` as its member, if it has none yet (see ``StoreTask/firstRun``).
  mutating func taskGroup(of run: EffectLifetime) -> StoreTaskGroup {
    if let group = run.record.taskGroup { return group }
    let group = StoreTaskGroup(registry: run.registry)
    run.record.taskGroup = group
    // A new group is not cancelled, so joining it never asks for a cancellation.
    _ = join(run, group)
    if run.record.group !== group {
      // Wound down before anybody asked: a member that has left already, as if it had joined.
      group.record.joinedCount = 1
      if run.record.phase == .finished { group.record.finishedCount = 1 }
    }
    return group
  }

  /// `run` has ended and its tasks have returned: it leaves its group, and if it was the last, the
  /// group's waiters are returned, to resume outside the lock.
  private mutating func memberWoundDown(_ run: EffectLifetime) -> StoreTaskGroupWaiters? {
    guard let group = run.record.group else { return nil }
    run.record.group = nil
    if run.record.phase == .finished { group.record.finishedCount += 1 }
    group.record.members.remove(run)
    guard group.record.members.isEmpty, !group.record.waiters.isEmpty else { return nil }
    var taken: [UnsafeContinuation<Void, Never>] = []
    swap(&taken, &group.record.waiters)
    return StoreTaskGroupWaiters(continuations: taken)
  }

  /// Keeps `continuation` until every member of `group` has wound down; returns `true` to resume it
  /// now, outside the lock, because they all have.
  mutating func wait(for group: StoreTaskGroup, _ continuation: UnsafeContinuation<Void, Never>) -> Bool {
    guard !group.record.members.isEmpty else { return true }
    group.record.waiters.append(continuation)
    return false
  }

  /// Marks `group` cancelled, so that runs joining later are cancelled as they join, and returns
  /// its members, to cancel outside the lock.
  mutating func cancel(_ group: StoreTaskGroup) -> [EffectLifetime] {
    group.record.isCancelled = true
    return group.record.members.elements
  }

  func isWoundDown(_ group: StoreTaskGroup) -> Bool {
    group.record.members.isEmpty
  }

  /// Whether every run that joined `group` was cancelled (and at least one joined).
  func everyRunWasCancelled(_ group: StoreTaskGroup) -> Bool {
    group.record.joinedCount > 0 && group.record.finishedCount == 0
      && group.record.members.elements.allSatisfy { $0.record.phase == .cancelled }
  }
}

// MARK: - The pieces of the state

enum LifetimePhase { case running, finished, cancelled }

/// One run's part of its registry's state (see ``RegistryState``), kept in its ``EffectLifetime``.
struct LifetimeRecord {
  var phase = LifetimePhase.running
  /// Set when `cancel(id:)` reaches the lifetime after it finished: outputs it let through earlier
  /// that are still on their way to the store must not arrive.
  var revokedAfterFinishing = false
  var cancelHandlers = Handlers<CancelHandler>()
  var endHandlers = Handlers<EndHandler>()
  /// Its place among the registry's top-level runs, while it is one.
  var topLevelIndex: Int?
  /// The id it is registered under. Ending a registration clears only ``isRegistered`` and leaves
  /// the id in place: clearing an optional existential copies, checks and destroys it through value
  /// witnesses, a few hundred instructions on every start and cancel.
  var registeredID: EffectID?
  var isRegistered = false
  /// Whether the lifetime is a run of a `forEach`'s or `ifLet`'s child's effect, held in
  /// ``ChildRuns`` under its scope until it ends.
  var isHeldChildRun = false
  /// Its place among the lifetimes registered under ``registeredID``, when there are several.
  var sharedIDIndex: Int?
  /// On a held child run: its place among its child's runs, when there are several.
  var childRunIndex: Int?
  /// On a top-level run: the ``StoreTaskGroup`` it belongs to, and its place among the members.
  var group: StoreTaskGroup?
  var groupIndex: Int?
  /// On a top-level run that was the first run its send started: the group of that send's
  /// ``StoreTask``, once somebody needed one (see ``RegistryState/taskGroup(of:)``). Unlike
  /// ``group``, kept after the run has wound down, so that the task still finds the runs that joined.
  var taskGroup: StoreTaskGroup?
  /// On a top-level run: how many `.run` tasks under it have not returned yet. A run is over for
  /// its ``StoreTask`` only when it has ended and these have wound down, cancelled or not.
  var runningTasks = 0
}

/// One ``StoreTask``'s part of its registry's state (see ``RegistryState``), kept in its group.
struct StoreTaskGroupRecord {
  /// Runs that have not wound down.
  var members = IndexedBag<GroupMemberSlot>()
  /// How many members wound down having finished rather than been cancelled.
  var finishedCount = 0
  var joinedCount = 0
  /// Set when the task is cancelled: a run joining later (started by an output already on its
  /// way) is cancelled as it joins.
  var isCancelled = false
  var waiters: [UnsafeContinuation<Void, Never>] = []
}

/// What to do on cancellation: run a closure, or cancel a child (no closure to allocate).
enum CancelHandler {
  case run(@Sendable () -> Void)
  case cancel(EffectLifetime)

  func callAsFunction() {
    switch self {
    case .run(let body): body()
    case .cancel(let child): child.cancel()
    }
  }
}

/// What to do on ending: run a closure, or finish the lifetime this one is the body of.
enum EndHandler {
  case run(@Sendable (_ wasCancelled: Bool) -> Void)
  case finish(EffectLifetime)

  func callAsFunction(wasCancelled: Bool) {
    switch self {
    case .run(let body): body(wasCancelled)
    case .finish(let parent): parent.finish()
    }
  }
}

/// A lifetime's handlers of one kind. Almost every lifetime has one of each kind: the first lives in
/// a field, so that only a second one allocates an array.
struct Handlers<Handler> {
  private(set) var first: Handler?
  private(set) var more: [Handler] = []

  var isEmpty: Bool { first == nil }

  mutating func append(_ handler: Handler) {
    if first == nil { first = handler } else { more.append(handler) }
  }

  /// Empties this list and returns what it held: moved out, not copied, since each copy of a
  /// handler is a retain and a release.
  mutating func take() -> Handlers {
    var taken = Handlers()
    swap(&taken, &self)
    return taken
  }

  func forEach(_ body: (Handler) -> Void) {
    if let first { body(first) }
    for handler in more { body(handler) }
  }
}

/// What a lifetime's ending sets going, taken out of the state under the lock and carried out after
/// it: handlers cancel children and tell parents, which take the lock again.
struct LifetimeEnding {
  let wasCancelled: Bool
  let cancelHandlers: Handlers<CancelHandler>
  let endHandlers: Handlers<EndHandler>
  let woundDown: StoreTaskGroupWaiters?
  /// What a presented child let go of as its run ended: freed here, outside the lock, since it holds
  /// the parent's action and the run's subscriber, whose deinitializers are anybody's.
  let released: PresentedChild.Delivery?

  init(
    taking record: inout LifetimeRecord, wasCancelled: Bool, woundDown: StoreTaskGroupWaiters?,
    released: PresentedChild.Delivery? = nil
  ) {
    self.wasCancelled = wasCancelled
    self.woundDown = woundDown
    self.released = released
    cancelHandlers = record.cancelHandlers.take()
    endHandlers = record.endHandlers.take()
  }

  /// Runs the handlers (finishing drops the cancel handlers unrun), then resumes the waiters.
  func carryOut() {
    if wasCancelled { cancelHandlers.forEach { $0() } }
    endHandlers.forEach { $0(wasCancelled: wasCancelled) }
    woundDown?.resume()
  }
}

/// The endings one `cancel(id:)` set going: almost always one, which needs no array.
enum CancelledLifetimes {
  case none
  case one(LifetimeEnding)
  case many([LifetimeEnding])

  func carryOut() {
    switch self {
    case .none: break
    case .one(let ending): ending.carryOut()
    case .many(let endings): for ending in endings { ending.carryOut() }
    }
  }
}

/// Tasks waiting for a ``StoreTaskGroup``, taken out under the lock and resumed outside it.
struct StoreTaskGroupWaiters {
  let continuations: [UnsafeContinuation<Void, Never>]

  func resume() {
    for continuation in continuations { continuation.resume() }
  }
}

/// The lifetimes registered under one id: almost always one, which needs no collection.
/// The lifetimes registered under one id.
private typealias Registered = LifetimeSet<SharedIDSlot>

/// Finished lifetimes of one id whose outputs may still be on their way, held weakly. Dead entries
/// are swept when the list has doubled since the last sweep: amortized O(1) per finish.
private struct FinishedLifetimes {
  struct Entry { weak var lifetime: EffectLifetime? }
  private(set) var entries: [Entry] = []
  private var sweepAt = 8

  mutating func append(_ lifetime: EffectLifetime) {
    entries.append(Entry(lifetime: lifetime))
    if entries.count >= sweepAt {
      prune()
      sweepAt = max(8, entries.count * 2)
    }
  }

  mutating func prune() {
    entries.removeAll { $0.lifetime == nil }
  }
}

/// Where a top-level run keeps its place among the registry's runs.
enum TopLevelRunSlot: IndexedBagSlot {
  static func index(of run: EffectLifetime) -> Int? { run.record.topLevelIndex }
  static func setIndex(_ index: Int?, of run: EffectLifetime) { run.record.topLevelIndex = index }
}

/// Where a lifetime keeps its place among those registered under its id.
enum SharedIDSlot: IndexedBagSlot {
  static func index(of lifetime: EffectLifetime) -> Int? { lifetime.record.sharedIDIndex }
  static func setIndex(_ index: Int?, of lifetime: EffectLifetime) { lifetime.record.sharedIDIndex = index }
}

/// Where a run of a `forEach`'s or `ifLet`'s child keeps its place among that child's runs (see
/// ``ChildRuns``).
enum ChildRunSlot: IndexedBagSlot {
  static func index(of run: EffectLifetime) -> Int? { run.record.childRunIndex }
  static func setIndex(_ index: Int?, of run: EffectLifetime) { run.record.childRunIndex = index }
}

/// Where a top-level run keeps its place among its ``StoreTaskGroup``'s members.
enum GroupMemberSlot: IndexedBagSlot {
  static func index(of run: EffectLifetime) -> Int? { run.record.groupIndex }
  static func setIndex(_ index: Int?, of run: EffectLifetime) { run.record.groupIndex = index }
}
