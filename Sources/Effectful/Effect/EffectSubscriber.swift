/// The receiving end of one run of an effect: send outputs, say when it is finished, hear about
/// cancellation.
///
/// You meet it in ``Effect/create(_:)``:
///
/// ```swift
/// let ticks = Effect<Int>.create { subscriber in
///   let timer = DispatchSource.makeTimerSource()
///   var count = 0
///   timer.setEventHandler { count += 1; subscriber.send(count) }
///   subscriber.onCancel { timer.cancel() }
///   timer.schedule(deadline: .now(), repeating: 1)
///   timer.resume()
/// }
/// ```
///
/// It is safe to use from any thread. Outputs sent after ``finish()`` or after cancellation are
/// dropped, so late callbacks from work that could not be stopped in time are harmless.
public struct EffectSubscriber<Output>: Sendable {
  @usableFromInline
  package let lifetime: EffectLifetime

  /// Where outputs go, unchecked: each layer that adds a lifetime checks its own, so that a chain of
  /// `map`s costs one closure call per layer and no locking.
  @usableFromInline
  package let receive: @Sendable (Output, Provenance?) -> Void

  @usableFromInline
  package init(lifetime: EffectLifetime, receive: @escaping @Sendable (Output, Provenance?) -> Void) {
    self.lifetime = lifetime
    self.receive = receive
  }

  /// Delivers one output, unless this run has already finished or been cancelled.
  public func send(_ output: Output) {
    if lifetime.isRunning { receive(output, nil) }
  }

  /// Ends this run: nothing sent afterwards is delivered, and whoever waits for the effect moves on.
  ///
  /// Calling it more than once, or after cancellation, does nothing.
  public func finish() {
    lifetime.finish()
  }

  /// Runs `handler` once if this run is cancelled, to stop work and release resources.
  ///
  /// If the run is already cancelled, `handler` runs at once; if it has already finished, never.
  public func onCancel(_ handler: @escaping @Sendable () -> Void) {
    lifetime.onCancel(handler)
  }

  /// Whether this run was cancelled; long work can poll it to stop early.
  public var isCancelled: Bool {
    lifetime.isCancelled
  }
}
