extension Clock where Duration == Swift.Duration {
  /// An async sequence that ticks every `interval` on this clock, at start + k × `interval`, without
  /// drift.
  ///
  /// ```swift
  /// return [.run { send in
  ///   for await _ in environment.clock.timer(interval: .seconds(1)) {
  ///     await send(.timerTick)
  ///   }
  /// }.cancellable(id: CancelID.timer)]
  /// ```
  ///
  /// It works on `any Clock<Duration>`, so an environment can hold the clock as an existential.
  /// Each element is how long after the start its tick was due (`interval`, `2 × interval`, …). The
  /// start is when iteration begins. A consumer that falls more than an interval behind gets no
  /// burst of catch-up ticks: the missed ones are skipped, and the next tick stays on the grid. The
  /// sequence ends when the iterating task is cancelled.
  public func timer(interval: Duration, tolerance: Duration? = nil) -> ClockTimer {
    ClockTimer(clock: self, interval: interval, tolerance: tolerance)
  }
}

/// The ticks of ``_Concurrency/Clock/timer(interval:tolerance:)``: how long after the start each was due.
///
/// ```swift
/// let clock = ContinuousClock()
/// for await elapsed in clock.timer(interval: .milliseconds(500)) {
///   print(elapsed)   // 0.5 seconds, 1.0 seconds, …
/// }
/// ```
///
/// An interval that is not positive is treated as one attosecond, the smallest `Duration`.
public struct ClockTimer: AsyncSequence, Sendable {
  public typealias Element = Duration
  public typealias Failure = Never

  private let clock: any Clock<Duration>
  private let interval: Duration
  private let tolerance: Duration?

  init(clock: any Clock<Duration>, interval: Duration, tolerance: Duration?) {
    self.clock = clock
    self.interval = Swift.max(interval, Duration(secondsComponent: 0, attosecondsComponent: 1))
    self.tolerance = tolerance
  }

  /// Starts the timer: its ticks are counted from now.
  public func makeAsyncIterator() -> Iterator {
    Iterator(ticks: clock.makeTicks(interval: interval, tolerance: tolerance))
  }

  /// Waits for each tick in turn.
  public struct Iterator: AsyncIteratorProtocol {
    let ticks: any TickSource
    private var count: Int64 = 0
    private var isFinished = false

    init(ticks: any TickSource) {
      self.ticks = ticks
    }

    /// The next tick's offset from the start, or `nil` once the task is cancelled.
    public mutating func next() async -> Duration? {
      guard !isFinished else { return nil }
      guard let tick = await ticks.sleep(afterTick: count) else {
        isFinished = true
        return nil
      }
      count = tick
      return ticks.interval * tick
    }
  }
}

/// A timer's clock, opened once, with its start instant in the clock's own type.
protocol TickSource: Sendable {
  var interval: Duration { get }
  /// Sleeps until the first tick after `tick` that is not already past, and returns its number; `nil`
  /// when the sleep was cancelled.
  func sleep(afterTick tick: Int64) async -> Int64?
}

extension Clock where Duration == Swift.Duration {
  /// Opens the existential clock, so that the start and every deadline are instants of its own
  /// type. A method rather than a generic function taking the clock: with Foundation imported
  /// (Effectful re-exports it), Swift 6.3 on Linux no longer opens an `any Clock<Duration>`
  /// passed as an argument, while a member call always opens it.
  fileprivate func makeTicks(interval: Duration, tolerance: Duration?) -> any TickSource {
    TypedTicks(clock: self, interval: interval, tolerance: tolerance)
  }
}

private struct TypedTicks<C: Clock>: TickSource where C.Duration == Duration {
  let clock: C
  let start: C.Instant
  let interval: Duration
  let tolerance: Duration?

  init(clock: C, interval: Duration, tolerance: Duration?) {
    self.clock = clock
    self.start = clock.now
    self.interval = interval
    self.tolerance = tolerance
  }

  func sleep(afterTick tick: Int64) async -> Int64? {
    var next = tick + 1
    // Behind, past a tick's deadline: skip to the first tick not yet past, on the same grid.
    let elapsed = start.duration(to: clock.now)
    if elapsed > interval * next {
      // The division is a first guess (a Double); the loops make it exact.
      next = Int64((elapsed / interval).rounded(.up))
      while next > 1, interval * (next - 1) >= elapsed { next -= 1 }
      while interval * next < elapsed { next += 1 }
    }
    do {
      try await clock.sleep(until: start.advanced(by: interval * next), tolerance: tolerance)
      return next
    } catch {
      return nil
    }
  }
}
