/// The core of a store made from an initial value and a reducer: it owns the value, and its send
/// loop reduces actions one at a time and runs the effects the reducer returns. Views and scopes
/// of the store forward their sends here.
///
/// The loop never recurses: an action sent while another is being reduced (by a synchronous effect,
/// an observer or an Observation tracker) is queued and reduced after it, in order.
@usableFromInline
final class RootCore<Value, Action> {
  // The loop's state is touched only on the store's actor (see `StoreIsolation.swift`) and never
  // by two overlapping accesses (a re-entrant send only appends to `queue`, after the reducer's
  // access to `state` has ended), so the runtime exclusivity checks, about half the cost of a send,
  // are switched off for it.

  @usableFromInline @exclusivity(unchecked) var state: Value
  @usableFromInline let reducer: Reducer<Value, Action>
  /// Actions waiting while another is reduced, read from `queueHead` on.
  @usableFromInline @exclusivity(unchecked) var queue: [Action] = []
  @usableFromInline @exclusivity(unchecked) var queueHead = 0
  @usableFromInline @exclusivity(unchecked) var isSending = false
  @usableFromInline @exclusivity(unchecked) var observers = ObserverList<Value>()
  @usableFromInline let registry: CancellationRegistry
  /// The first run started by the send in progress that did not end as it started: what the
  /// ``StoreTask`` the send returns holds (see ``StoreTask/firstRun``).
  @usableFromInline @exclusivity(unchecked) var startedBySend: EffectLifetime?
  /// See ``delivery(to:)``.
  @usableFromInline @exclusivity(unchecked) var deliveryClosure: (@Sendable (Action, Provenance?) -> Void)?
  /// See ``delivery(to:on:)``.
  @usableFromInline @exclusivity(unchecked)
  var actorDeliveryClosure: (@Sendable (Action, Provenance?, EffectLifetime) -> Void)?
  /// Whether the loop must tell Observation trackers (of the store or of its views) about changes
  /// when it ends: the one thing a send reads about Observation when nobody tracks the store.
  @usableFromInline @exclusivity(unchecked) var isObservationPending = false
  /// The dependencies in force when the store was made, when they are not the defaults: set while
  /// it reduces, so that its reducer and the effects it returns read them. `nil`, the common case,
  /// costs a send one branch.
  @usableFromInline @exclusivity(unchecked) var storedDependencies: DependencyValues?
  /// Whether the store knows its isolation yet: a store made where `#isolation` is `nil` (an
  /// actor's stored-property initializer, its `init`) learns it from its first send.
  @usableFromInline @exclusivity(unchecked) var isBound = false
  /// Whether the store belongs to an actor other than the main actor, whose path stays as it was.
  @usableFromInline @exclusivity(unchecked) var isOnOtherActor = false
  /// That actor. Weak: the actor usually owns the store, and a store holding it would keep both.
  @usableFromInline @exclusivity(unchecked) weak var otherActor: (any Actor)?
  /// ``DependencyValues/hasOverrides``, kept by reference: see ``OverrideFlag``.
  @usableFromInline let overrideFlag = DependencyValues.anyOverride

  init(
    initialValue: Value, reducer: @escaping Reducer<Value, Action>, registry: CancellationRegistry,
    isolation: StoreIsolation?
  ) {
    self.state = initialValue
    self.reducer = reducer
    self.registry = registry
    if let isolation { bind(to: isolation) }
    var dependencies = DependencyValues.inForce
    if dependencies.testContext == nil, TestProcess.isRunning {
      // In a test, a store keeps the test values it reads, as a test store does, whether it was
      // made with the defaults or with some values set: a generator (an id counter, `uuid`) counts
      // across its story instead of restarting at each read.
      dependencies.testContext = DependencyTestContext(report: { TestProcess.report($0) })
    }
    self.storedDependencies = dependencies.isDefault ? nil : dependencies
  }

  deinit {
    // Only its store holds the core (effects hold the store weakly), so the store going away ends the
    // effects.
    registry.cancelAll()
  }

  /// The dependencies the reducer and the effects read: a test store changes them mid-test.
  var dependencies: DependencyValues {
    get { storedDependencies ?? DependencyValues() }
    set { storedDependencies = newValue.isDefault ? nil : newValue }
  }

  /// Reduces `action`, then every action queued meanwhile, then tells the Observation trackers of
  /// `store` (which holds this core) and of its views; an action sent while the loop runs is only
  /// queued.
  @inlinable
  func send(_ action: Action, from store: Store<Value, Action>) -> StoreTask {
    if isSending {
      queue.append(action)
      return StoreTask(nil)
    }
    // A store that does not know its isolation yet learns it when it first needs it: an effect
    // starting, an observer subscribing (not here, which would cost every send a branch).
    #if DEBUG
      if !isBound { bindToCurrentIsolation() }
      checkIsolation(sending: action)
    #endif
    isSending = true
    reduce(action, for: store)
    // Checked here rather than only in the loop: most sends queue nothing, and this spares them a call.
    if queueHead < queue.count { drainQueue(for: store) }
    if isObservationPending { announceObservedChanges(of: store) }
    isSending = false
    // Most sends start no run that outlives them, and returning early spares them the release that
    // moving the recorded runs out costs.
    guard let started = startedBySend else { return StoreTask(nil) }
    startedBySend = nil
    return StoreTask(started)
  }

  /// Reduces every queued action, in order, including those queued while it runs.
  @inlinable
  func drainQueue(for store: Store<Value, Action>) {
    while queueHead < queue.count {
      let next = queue[queueHead]
      queueHead += 1
      // Reset once drained, so a long chain reuses one slot instead of growing the queue.
      if queueHead == queue.count {
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
      }
      reduce(next, for: store)
    }
  }

  /// Reduces `action` and starts its effects with the store's values in force: its own, or the
  /// defaults, whatever `withDependencies` the caller of `send` is in.
  @inlinable
  func reduce(_ action: Action, for store: Store<Value, Action>) {
    if let storedDependencies {
      reduce(action, for: store, with: storedDependencies)
    } else if overrideFlag.isSet, DependencyValues.isCurrentOverridden {
      // A store made with the defaults, sent to from inside some `withDependencies`: the caller's
      // values are not the store's. The atomic load spares an app that never overrides anything
      // the task-local read.
      reduce(action, for: store, with: DependencyValues())
    } else {
      reduceInPlace(action, for: store)
    }
  }

  /// ``reduceInPlace(_:for:)`` with `dependencies` in force: apart, so that the common path stays
  /// small.
  @usableFromInline
  func reduce(_ action: Action, for store: Store<Value, Action>, with dependencies: DependencyValues) {
    DependencyValues.withCurrent(dependencies) { reduceInPlace(action, for: store) }
  }

  /// Reduces `action` and starts its effects with the values in force in the calling task.
  ///
  @inlinable
  func reduceInPlace(_ action: Action, for store: Store<Value, Action>) {
    let effects = reducer(&state, action)
    // By index, so that each effect is read in place rather than copied out (a retain and a release).
    for index in effects.indices {
      switch effects[index].operation {
      case .none:
        continue
      case .output(let output):
        queue.append(output)
      case .cancel(let id):
        registry.cancel(id: id)
      case .checkRemovals(let check):
        registry.removalChecks.keep(check)
      case .run(let body):
        start(body, for: store)
      }
    }
    // After every action, not only those that passed through a forEach or ifLet: whoever removed
    // a child, its effects end here.
    if !registry.removalChecks.isEmpty {
      // At the value's own address: passed by value, the whole state was copied (a retain and a
      // release of each reference in it) for every action while a child runs an effect. Nothing
      // changes the state meanwhile: a cancellation's handlers can only queue actions.
      withUnsafePointer(to: &state) { registry.removalChecks.run(at: $0, registry: registry) }
    }
    if !observers.isEmpty { observers.notify(state) }
  }

  /// Starts an effect that may call back later, from anywhere. Inlinable, like ``delivery(to:)``.
  @inlinable
  func start(_ body: @Sendable (EffectSubscriber<Action>) -> Void, for store: Store<Value, Action>) {
    if _slowPath(!isBound) { bindToCurrentIsolation() }
    let lifetime = EffectLifetime(storeRunIn: registry)
    if isOnOtherActor, let otherActor {
      // Each effect's deliveries carry its lifetime, checked again on the actor after a mailbox
      // hop: an output that waited there while its effect was cancelled is dropped.
      let deliver = delivery(to: store, on: otherActor)
      let subscriber = EffectSubscriber<Action>(lifetime: lifetime) { action, provenance in
        deliver(action, provenance, lifetime)
      }
      // What the effect delivers as it starts is reduced now, like on the main actor (queued
      // behind the action being reduced), not a mailbox hop later.
      ActorMarker.run(on: otherActor) { body(subscriber) }
    } else {
      body(EffectSubscriber(lifetime: lifetime, receive: delivery(to: store)))
    }
    // Most effects (`.sync`, merges of them) are over by now: `track` records only the others. A
    // cancellable effect was tracked as it registered its id.
    let isRunning = lifetime.isTrackedAtStart || registry.track(lifetime)
    // A run that is over has nothing to wait for, and keeping it would make a long chain of
    // synchronous effects hold every one of its runs until the send returns.
    guard isRunning else { return }
    // Started while reducing an output a run delivered: part of that run's task, transitively.
    if let delivering = registry.deliveringRun {
      StoreTaskGroup.join(lifetime, groupOf: delivering)
      return
    }
    if let first = startedBySend {
      StoreTaskGroup.join(lifetime, taskOf: first)
    } else {
      // Most sends start one run: it stands for the task, with no group (see `StoreTask.firstRun`).
      startedBySend = lifetime
    }
  }

  /// Where every run this core starts delivers its outputs: `store`, held weakly, which depends on
  /// nothing else, so one closure, made on first use, serves them all.
  ///
  /// Inlinable, so that the closure is made in code specialized for the store's types: made in this
  /// module's generic code, every output would go through an unspecialized `send` and `reduce`,
  /// looking up generic metadata at each step (see run.roundTrip in BENCHMARKS.md).
  @inlinable
  func delivery(to store: Store<Value, Action>) -> @Sendable (Action, Provenance?) -> Void {
    if let deliveryClosure { return deliveryClosure }
    let store = WeakReference(store)
    let made: @Sendable (Action, Provenance?) -> Void = { [registry] action, provenance in
      guard MainActorCheck.isOnMainActor else {
        // Under a test store the test fails at its own line instead, and the output is reduced late.
        guard let handler = registry.offMainOutputHandler else {
          StoreDiagnostics.effectOutputOffMainThread(action)
        }
        if provenance.isLive { handler(UncheckedSendable<Any>(action)) }
        return
      }
      // On the main actor, the store's; the action never leaves this thread.
      // After every cancellation this store has processed, nothing cancelled gets through.
      guard let store = store.value, provenance.isLive else { return }
      store.send(action)
    }
    deliveryClosure = made
    return made
  }

  /// The delivery of a store on `actor`: reduced at once when made on the actor inside a span the
  /// library marked (an effect starting, a `.run`'s `send` after its hop, the mailbox draining),
  /// through the store's ``StoreMailbox`` from anywhere else, so that every output is reduced on
  /// the actor, in the order it was delivered.
  @inlinable
  func delivery(
    to store: Store<Value, Action>, on actor: any Actor
  ) -> @Sendable (Action, Provenance?, EffectLifetime) -> Void {
    if let actorDeliveryClosure { return actorDeliveryClosure }
    let store = WeakReference(store)
    let mailbox = registry.mailbox
    // Weak, like the core's: the closure lives as long as the core.
    let made: @Sendable (Action, Provenance?, EffectLifetime) -> Void = {
      [weak actor] action, provenance, lifetime in
      guard let actor, ActorMarker.isCurrent(actor) else {
        // The store reads it on its actor only, after the hop.
        let delivery = UncheckedSendable(action)
        let provenance: Provenance? = Provenance(lifetime, next: provenance)
        mailbox?.post {
          guard let store = store.value, provenance.isLive else { return }
          store.send(delivery.value)
        }
        return
      }
      guard let store = store.value, provenance.isLive else { return }
      store.send(action)
    }
    actorDeliveryClosure = made
    return made
  }

  /// Learns the store's isolation where it is first used: the main actor's when on the main thread
  /// (where a store made in a main-actor class's property initializer gets it), else the one the
  /// concurrency runtime says the send runs on.
  @usableFromInline
  func bindToCurrentIsolation() {
    if MainActorCheck.isOnMainActor {
      bind(to: .main)
    } else if let isolation = CurrentIsolation.find() {
      bind(to: isolation)
    } else {
      StoreDiagnostics.usedOutsideAnyActor()
    }
  }

  func bind(to isolation: StoreIsolation) {
    isBound = true
    if case .actor(let actor) = isolation {
      isOnOtherActor = true
      otherActor = actor
    }
    registry.bind(to: isolation)
  }

  #if DEBUG
    /// Stops the program, naming both isolations, when `action` is sent from one that is not the
    /// store's.
    @usableFromInline
    func checkIsolation(sending action: Action) {
      guard isOnOtherActor else {
        if !MainActorCheck.isOnMainActor {
          StoreDiagnostics.sentFromOtherIsolation(action, store: .main, caller: CurrentIsolation.find())
        }
        return
      }
      guard let otherActor, !ActorMarker.isCurrent(otherActor) else { return }
      let store = StoreIsolation.actor(otherActor)
      let caller = CurrentIsolation.find()
      if let caller, store.isSame(as: caller.asActor) { return }
      StoreDiagnostics.sentFromOtherIsolation(action, store: store, caller: caller)
    }
  #endif

  /// Tells Observation trackers about the sends that just ran, reducing what they send meanwhile,
  /// until nothing is left to tell.
  @usableFromInline
  func announceObservedChanges(of store: Store<Value, Action>) {
    while true {
      isObservationPending = store.announceChanges()
      guard queueHead < queue.count else { return }
      drainQueue(for: store)
      guard isObservationPending else { return }
    }
  }
}
