/// The effects one `send` started: wait for them to end, or cancel them.
///
/// ```swift
/// // A view: the effects of .onTask stop when the view's task is cancelled.
/// .task { await store.send(.onTask).finish() }
///
/// // A test: wait for the action's effects, their outputs reduced.
/// await store.send(.factButtonTapped).finish()
/// #expect(store.value.fact != nil)
/// ```
///
/// It covers every effect started while that `send` ran: the action's own, and those of the actions
/// reduced right after it in the same send (`.send` outputs, synchronous effects, observer sends). It
/// does not cover effects started later by actions those effects send: they are the sends' own.
///
/// A send that started no effects returns a task with nothing in it, at no cost: `finish()` returns
/// at once. A send made while the store is already reducing returns such an empty task too: its
/// action is reduced within the outer send, whose task covers its effects.
public struct StoreTask: Sendable {
  @usableFromInline
  enum Effects: Sendable {
    case none
    case one(EffectLifetime)
    case many([EffectLifetime])
  }

  @usableFromInline
  let effects: Effects

  @inlinable
  init(_ effects: Effects) {
    self.effects = effects
  }

  private var lifetimes: [EffectLifetime] {
    switch effects {
    case .none: []
    case .one(let lifetime): [lifetime]
    case .many(let lifetimes): lifetimes
    }
  }

  /// Returns once every effect has ended, finished or cancelled, its outputs reduced by the store.
  ///
  /// ```swift
  /// await store.send(.refreshButtonTapped).finish()
  /// ```
  ///
  /// Cancelling the task that awaits it cancels the effects, as ``cancel()`` does: that is how a
  /// view's `.task { await store.send(.onTask).finish() }` stops work when the view goes away.
  public func finish() async {
    let lifetimes = lifetimes
    guard !lifetimes.isEmpty else { return }
    await withTaskCancellationHandler {
      for lifetime in lifetimes {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
          lifetime.onEnd { _ in continuation.resume() }
        }
      }
    } onCancel: {
      for lifetime in lifetimes { lifetime.cancel() }
    }
  }

  /// Cancels every effect still running, as cancelling them by id would: nothing they send afterwards
  /// reaches the store.
  ///
  /// ```swift
  /// let timer = store.send(.toggleTimerButtonTapped)
  /// timer.cancel()
  /// ```
  public func cancel() {
    for lifetime in lifetimes { lifetime.cancel() }
  }

  /// Whether every effect was cancelled (by ``cancel()``, by id, or by the store going away); `false`
  /// for a send that started no effects, and for effects that finished on their own.
  public var isCancelled: Bool {
    let lifetimes = lifetimes
    return !lifetimes.isEmpty && lifetimes.allSatisfy(\.isCancelled)
  }
}
