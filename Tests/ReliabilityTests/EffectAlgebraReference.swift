/// The effect semantics of the "Semantics at a glance" table (the Cancellation and time article), as
/// a single-threaded interpreter with its own virtual clock: no locks, no schedulers, no registry,
/// just runs in a tree and a queue of timed work. The model test checks the library against it.
///
/// What it encodes:
/// - A run is running until it finishes or is cancelled; cancelling a run cancels its children; a run
///   that has ended delivers nothing more.
/// - Timed work runs in deadline order, work due at one instant in the order it was scheduled, and
///   `advance(to:)` runs everything due by then, including work scheduled meanwhile for that instant.
/// - `cancel(id:)` reaches exactly the `cancellable(id:)` runs that are running when it is processed
///   (and drops outputs of ones that finished but still have outputs hopping to the store); a run
///   started later under that id is not affected.
final class EffectAlgebraReference {
  private(set) var now = 0
  /// What reached the store: (virtual time in ms, value), in order.
  private(set) var arrivals: [(time: Int, value: Int)] = []
  private var queue: [Work] = []
  private var nextSequence = 0
  private var registered: [String: [Run]] = [:]
  private var throttles: [String: ThrottleMemory] = [:]
  /// A TestClock's rule (see `VirtualTimeline`): work scheduled for the current instant while a step
  /// runs belongs to that step, and runs before anything else due at that instant fires.
  var keepsStepsWhole = false

  private final class Work {
    let deadline: Int
    let sequence: Int
    let interval: Int?
    let action: () -> Void
    var isCancelled = false
    init(deadline: Int, sequence: Int, interval: Int?, action: @escaping () -> Void) {
      self.deadline = deadline
      self.sequence = sequence
      self.interval = interval
      self.action = action
    }
  }

  /// One run of one node: the interpreter's lifetime.
  private final class Run {
    enum State { case running, finished, cancelled }
    var state = State.running
    /// Cancelled, or reached by `cancel(id:)` after finishing: outputs it let through are dropped.
    var isRevoked = false
    var id: String?
    var cancelHandlers: [() -> Void] = []
    var endHandlers: [(Bool) -> Void] = []
    unowned let model: EffectAlgebraReference

    init(_ model: EffectAlgebraReference) { self.model = model }

    var isRunning: Bool { state == .running }

    func finish() { end(cancelled: false) }
    func cancel() { end(cancelled: true) }

    private func end(cancelled: Bool) {
      guard state == .running else { return }
      state = cancelled ? .cancelled : .finished
      if cancelled { isRevoked = true }
      model.unregister(self)
      let cancels = cancelHandlers
      let ends = endHandlers
      cancelHandlers = []
      endHandlers = []
      if cancelled { cancels.forEach { $0() } }
      ends.forEach { $0(cancelled) }
    }

    func onCancel(_ handler: @escaping () -> Void) {
      switch state {
      case .running: cancelHandlers.append(handler)
      case .cancelled: handler()
      case .finished: break
      }
    }

    func onEnd(_ handler: @escaping (Bool) -> Void) {
      if state == .running { endHandlers.append(handler) } else { handler(state == .cancelled) }
    }

    func child(finishingParent: Bool = false) -> Run {
      let child = Run(model)
      if finishingParent { child.endHandlers.append { _ in self.finish() } }
      onCancel { child.cancel() }
      return child
    }
  }

  /// Where a run's outputs go, with the cancellable runs each passed on its way.
  private typealias Emit = (_ value: Int, _ passed: [Run]) -> Void

  private struct ThrottleMemory {
    var lastEmission: Int?
    var held: (value: Int, passed: [Run], owner: Run)?
  }

  // MARK: - Driving it

  /// A store started `tree` now (its reducer returned it for an action).
  func start(_ tree: EffectTree) {
    let root = Run(self)
    run(tree, in: root) { [unowned self] value, passed in
      if passed.allSatisfy({ !$0.isRevoked }) { arrivals.append((now, value)) }
    }
  }

  /// A store processed `cancel(id:)` now.
  func cancel(id: String) {
    // Both lists are taken first: what starts under `id` while these end is not reached.
    let runs = registered.removeValue(forKey: id) ?? []
    let finished = finishedUnder.removeValue(forKey: id) ?? []
    for run in runs { run.id = nil }
    for run in runs { run.cancel() }
    for run in finished { run.isRevoked = true }
  }

  /// Finished cancellable runs, by id: a later `cancel(id:)` drops what they still have in flight.
  private var finishedUnder: [String: [Run]] = [:]

  /// Moves the clock to `time`, running all work due by then, in order.
  func advance(to time: Int) {
    if keepsStepsWhole { runImmediateWork(since: nil) }
    while let index = nextDue(by: time) {
      let watermark = nextSequence
      let work = queue[index]
      now = max(now, work.deadline)
      if let interval = work.interval {
        queue[index] = Work(
          deadline: work.deadline + interval, sequence: work.sequence, interval: interval, action: work.action
        )
      } else {
        queue.remove(at: index)
      }
      work.action()
      if keepsStepsWhole { runImmediateWork(since: watermark) }
    }
    now = max(now, time)
  }

  /// Runs, in order, the one-shot work due now that was scheduled after `watermark` (all of it, if
  /// nil), including what it schedules for now in turn.
  private func runImmediateWork(since watermark: Int?) {
    while let index = queue.indices.filter({
      !queue[$0].isCancelled && queue[$0].interval == nil && queue[$0].deadline <= now
        && queue[$0].sequence > (watermark ?? Int.min)
    }).min(by: { queue[$0].sequence < queue[$1].sequence }) {
      let work = queue.remove(at: index)
      work.action()
    }
  }

  private func nextDue(by time: Int) -> Int? {
    var best: Int?
    for index in queue.indices where !queue[index].isCancelled && queue[index].deadline <= time {
      if let current = best,
        (queue[current].deadline, queue[current].sequence) <= (queue[index].deadline, queue[index].sequence)
      {
        continue
      }
      best = index
    }
    return best
  }

  @discardableResult
  private func schedule(after delay: Int, every interval: Int? = nil, _ action: @escaping () -> Void) -> () ->
    Void
  {
    nextSequence += 1
    let sequence = nextSequence
    queue.append(Work(deadline: now + delay, sequence: sequence, interval: interval, action: action))
    return { [unowned self] in queue.removeAll { $0.sequence == sequence } }
  }

  private func register(_ run: Run, id: String) {
    guard run.isRunning else { return }
    run.id = id
    registered[id, default: []].append(run)
  }

  private func unregister(_ run: Run) {
    guard let id = run.id else { return }
    run.id = nil
    registered[id]?.removeAll { $0 === run }
    if registered[id]?.isEmpty == true { registered[id] = nil }
    if run.state == .finished { finishedUnder[id, default: []].append(run) }
  }

  // MARK: - The operators

  private func run(_ tree: EffectTree, in run: Run, emit: @escaping Emit) {
    switch tree {
    case .send(let value), .sync(let value):
      if run.isRunning { emit(value, []) }
      run.finish()

    case .create(let values):
      for value in values where run.isRunning { emit(value, []) }
      run.finish()

    case .later(let value, let after), .runLater(let value, let after):
      let cancelWork = schedule(after: after) {
        if run.isRunning { emit(value, []) }
        run.finish()
      }
      run.onCancel(cancelWork)

    case .merge(let parts):
      var remaining = parts.count
      for part in parts {
        let child = run.child()
        child.onEnd { _ in
          remaining -= 1
          if remaining == 0 { run.finish() }
        }
        self.run(part, in: child, emit: emit)
      }

    case .concatenate(let parts):
      runInOrder(parts[...], in: run, emit: emit)

    case .map(let tree, let offset):
      self.run(tree, in: run) { value, passed in emit(value + offset, passed) }

    case .delay(let tree, let duration):
      let delayed = run.child(finishingParent: true)
      let cancelWork = schedule(after: duration) { [unowned self] in
        if delayed.isRunning { self.run(tree, in: delayed, emit: emit) }
      }
      delayed.onCancel(cancelWork)

    case .debounce(let tree, let id, let duration):
      self.run(
        .cancellable(.delay(.receiveOn(tree), duration), id: id, cancelInFlight: true), in: run, emit: emit)

    case .throttle(let tree, let id, let interval, let latest):
      // A newer throttle takes over what an older one holds, before cancelling it.
      let inherited = throttles[id]?.held
      throttles[id, default: ThrottleMemory()].held = nil
      cancellable(id: id, cancelInFlight: true, in: run, emit: emit) { inner, emit in
        self.throttle(
          tree, id: id, interval: interval, latest: latest, inherited: inherited, in: inner, emit: emit)
      }

    case .timer(let id, let interval, let value):
      cancellable(id: id, cancelInFlight: true, in: run, emit: emit) { inner, emit in
        let cancelWork = self.schedule(after: interval, every: interval) {
          if inner.isRunning { emit(value, []) }
        }
        inner.onCancel(cancelWork)
      }

    case .cancellable(let tree, let id, let cancelInFlight):
      cancellable(id: id, cancelInFlight: cancelInFlight, in: run, emit: emit) { inner, emit in
        self.run(tree, in: inner, emit: emit)
      }

    case .receiveOn(let tree):
      let upstream = run.child()
      upstream.onEnd { [unowned self] wasCancelled in
        if !wasCancelled { schedule(after: 0) { run.finish() } }
      }
      self.run(tree, in: upstream) { [unowned self] value, passed in
        schedule(after: 0) { if run.isRunning { emit(value, passed) } }
      }
    }
  }

  /// A part that ends while it is still starting (a `cancel(id:)` it processes ends it) hands over to
  /// the next part only once its start has returned: a concatenation runs its parts one at a time.
  private func runInOrder(_ parts: ArraySlice<EffectTree>, in run: Run, emit: @escaping Emit) {
    guard let part = parts.first else {
      run.finish()
      return
    }
    guard run.isRunning else { return }
    let child = run.child()
    var isStarting = true
    var endedWhileStarting = false
    child.onEnd { [unowned self] wasCancelled in
      if wasCancelled { return }
      if isStarting {
        endedWhileStarting = true
      } else {
        runInOrder(parts.dropFirst(), in: run, emit: emit)
      }
    }
    self.run(part, in: child, emit: emit)
    isStarting = false
    if endedWhileStarting { runInOrder(parts.dropFirst(), in: run, emit: emit) }
  }

  private func cancellable(
    id: String, cancelInFlight: Bool, in run: Run, emit: @escaping Emit, body: (Run, @escaping Emit) -> Void
  ) {
    if cancelInFlight { cancel(id: id) }
    let inner = run.child(finishingParent: true)
    register(inner, id: id)
    body(inner) { value, passed in
      if inner.isRunning { emit(value, passed + [inner]) }
    }
  }

  private func throttle(
    _ tree: EffectTree, id: String, interval: Int, latest: Bool,
    inherited: (value: Int, passed: [Run], owner: Run)?, in run: Run, emit: @escaping Emit
  ) {
    var cancelScheduled: (() -> Void)?
    var upstreamDone = false
    var hopping = 0
    func finishIfDone() {
      if upstreamDone && cancelScheduled == nil && hopping == 0 { run.finish() }
    }
    func scheduleEmission(after wait: Int) {
      guard cancelScheduled == nil else { return }
      cancelScheduled = schedule(after: wait) { [unowned self] in
        cancelScheduled = nil
        if let held = throttles[id]?.held, held.owner === run {
          throttles[id]?.held = nil
          throttles[id]?.lastEmission = now
          if run.isRunning { emit(held.value, held.passed) }
        }
        finishIfDone()
      }
    }
    run.onCancel { [unowned self] in
      cancelScheduled?()
      cancelScheduled = nil
      if throttles[id]?.held?.owner === run { throttles[id]?.held = nil }
    }
    if let inherited {
      if throttles[id]?.held == nil { throttles[id]?.held = (inherited.value, inherited.passed, run) }
      let wait = throttles[id]?.lastEmission.map { $0 + interval - now } ?? 0
      scheduleEmission(after: max(0, wait))
    }
    let source = run.child()
    source.onEnd { _ in
      upstreamDone = true
      finishIfDone()
    }
    self.run(tree, in: source) { [unowned self] value, passed in
      if let last = throttles[id]?.lastEmission, now - last < interval {
        if latest || throttles[id]?.held == nil { throttles[id]?.held = (value, passed, run) }
        scheduleEmission(after: last + interval - now)
        return
      }
      throttles[id]?.lastEmission = now
      throttles[id]?.held = nil
      hopping += 1
      schedule(after: 0) {
        if run.isRunning { emit(value, passed) }
        hopping -= 1
        finishIfDone()
      }
    }
  }
}
