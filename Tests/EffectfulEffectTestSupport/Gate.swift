/// A one-shot hand-off: one task waits until another opens it, without spinning or sleeping.
///
/// ```swift
/// let started = Gate()
/// Task { await started.wait(); print("after open()") }
/// started.open()
/// ```
///
/// Opening it before anyone waits is kept: the next `wait()` returns at once. One waiter only.
public final class Gate: Sendable {
  private let stream: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  public init() {
    (stream, continuation) = AsyncStream.makeStream()
  }

  public func open() { continuation.yield() }

  public func wait() async {
    for await _ in stream { return }
  }
}
