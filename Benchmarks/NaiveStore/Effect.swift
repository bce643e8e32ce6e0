/// The episode's effect: a unit of work that hands its outputs to a callback, nothing more.
///
/// ```swift
/// let answer = Effect<Int> { callback in callback(42) }
/// answer.map { $0 + 1 }.run { print($0) }  // 43
/// ```
///
/// There is no lifecycle and no cancellation: a run ends when its closure stops calling back. This type
/// exists only so that the benchmarks can compare Effectful with the design it improves on.
public struct Effect<Output> {
  /// Starts the work; it calls the callback once per output, possibly synchronously.
  public let run: (@escaping (Output) -> Void) -> Void

  /// Creates an effect from the closure that runs it.
  ///
  /// ```swift
  /// let one = Effect<Int> { callback in callback(1) }
  /// ```
  public init(run: @escaping (@escaping (Output) -> Void) -> Void) {
    self.run = run
  }

  /// Transforms each output: a new closure around this one, as in the episode.
  ///
  /// ```swift
  /// Effect<Int> { $0(1) }.map { $0 * 2 }.run { print($0) }  // 2
  /// ```
  ///
  /// Every layer allocates a closure and adds a frame to each delivery.
  public func map<B>(_ transform: @escaping (Output) -> B) -> Effect<B> {
    Effect<B> { callback in self.run { output in callback(transform(output)) } }
  }
}
