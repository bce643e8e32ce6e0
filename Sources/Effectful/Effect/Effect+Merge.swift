// Merging and concatenating keep their parts inside the run they make, and that run can outlive the
// thread that made it (a concatenation starts its next part wherever the last one ended; `map` wraps it
// into an effect of another output type), so the parts must be free to cross threads.
extension Effect where Output: Sendable {
  /// Runs effects side by side; finishes when all of them have.
  ///
  /// ```swift
  /// return [.merge(.cancel(id: TimerID.timer), .send(.timerStopped))]
  /// ```
  ///
  /// Cancelling the merged effect cancels every part still running.
  public static func merge(_ effects: Effect...) -> Effect {
    merge(effects)
  }

  /// Runs effects side by side; finishes when all of them have.
  ///
  /// ```swift
  /// return [.merge(ids.map { .cancel(id: $0) })]
  /// ```
  public static func merge(_ effects: [Effect]) -> Effect {
    Effect(merging: effects)
  }

  /// Runs effects one after another: each starts when the one before it has finished.
  ///
  /// ```swift
  /// return [
  ///   .concatenate(
  ///     .send(.saveStarted), save(favorites), .send(.saveFinished))]
  /// ```
  ///
  /// Cancelling the concatenation cancels the part that is running and starts none of the rest.
  public static func concatenate(_ effects: Effect...) -> Effect {
    concatenate(effects)
  }

  /// Runs effects one after another: each starts when the one before it has finished.
  ///
  /// ```swift
  /// return [.concatenate(steps)]
  /// ```
  public static func concatenate(_ effects: [Effect]) -> Effect {
    let parts = effects.withoutNone()
    if parts.count < 2 { return parts.first ?? .none }
    return Effect(
      operation: .run { downstream in
        runSequentially(parts[...], downstream: downstream)
      })
  }
}

extension Effect {
  /// The effects, run side by side: ``merge(_:)-([Effect])``, also for an output that is not
  /// `Sendable`, which a feature's one-effect `reduce(into:action:)` must be able to return. The
  /// parts are effects a reducer returned to the store, which would run them the same way unmerged.
  @usableFromInline
  init(merging effects: [Effect]) {
    let parts = effects.withoutNone()
    if parts.count < 2 {
      self = parts.first ?? .none
      return
    }
    let sendableParts = UncheckedSendable(parts)
    self.init(
      operation: .run { downstream in
        let parts = sendableParts.value
        let remaining = LockedValue(parts.count)
        for part in parts {
          let child = downstream.lifetime.makeChild()
          child.onEnd { _ in
            let done = remaining.withValue { count -> Bool in
              count -= 1
              return count == 0
            }
            if done { downstream.finish() }
          }
          part.start(in: child, receive: downstream.receive)
        }
      })
  }
}

extension Array {
  /// The effects that do something: `.none` parts change nothing in a merge or a concatenation.
  fileprivate func withoutNone<Output>() -> [Effect<Output>] where Element == Effect<Output> {
    filter {
      if case .none = $0.operation { return false }
      return true
    }
  }
}

/// Starts `parts` in order under `downstream`, looping rather than recursing while parts end
/// synchronously, so that a long concatenation of synchronous effects uses constant stack.
private func runSequentially<Output: Sendable>(
  _ parts: ArraySlice<Effect<Output>>, downstream: EffectSubscriber<Output>
) {
  var remaining = parts
  while let part = remaining.first {
    remaining = remaining.dropFirst()
    guard downstream.lifetime.isRunning else { return }
    let child = downstream.lifetime.makeChild()
    let rest = remaining
    let phase = LockedValue(StartPhase.starting)
    child.onEnd { wasCancelled in
      // Cancelled means the whole concatenation was: start nothing more.
      if wasCancelled { return }
      let resumeHere = phase.withValue { phase -> Bool in
        guard phase == .starting else { return true }
        phase = .endedWhileStarting
        return false
      }
      if resumeHere { runSequentially(rest, downstream: downstream) }
    }
    part.start(in: child, receive: downstream.receive)
    let endedWhileStarting = phase.withValue { phase -> Bool in
      if phase == .endedWhileStarting { return true }
      phase = .running
      return false
    }
    // Still running: its end handler takes over from here.
    if !endedWhileStarting { return }
  }
  downstream.finish()
}

private enum StartPhase { case starting, endedWhileStarting, running }
