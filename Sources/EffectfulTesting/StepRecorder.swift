import Effectful

/// An action on its way through a test store's store, tagged with where it came from. The tag, not
/// the order of calls, decides whether a step is the test's `send` or an effect's action for
/// `receive`, and which call in the test started the effect that sent it.
struct RecordedAction<Action> {
  let action: Action
  let source: ActionSource
}

/// Where an action a test store's store reduces came from.
enum ActionSource {
  /// The test's `send`; the step stands for that call.
  case test(RecordedStep)
  /// An effect that the reduction of this step returned.
  case effect(startedBy: RecordedStep)
}

/// One reduction in a test store's story, named by the call in the test that tells it: the `send`;
/// for an effect's action, `receive(…)` at the line of the call that started the effect, until the
/// test receives it (then at the `receive`'s own line).
///
/// Its effects share it by reference: renaming it at the `receive` renames what they started.
/// Touched only on the main actor, where the test store's store reduces and delivers; an output
/// that arrives off it only carries the reference there.
final class RecordedStep: @unchecked Sendable {
  var origin: EffectOrigin

  init(origin: EffectOrigin) {
    self.origin = origin
  }
}

/// What a test store's store reduces with: the reducer under test, recording each step with the
/// state before and after it, as the app's store reduces it. Each effect the reducer returns is
/// tagged, so that what it sends arrives as an effect's action of this step and its runs are
/// known to have been started by it.
///
/// `@unchecked Sendable` because the store's reducer must be: the store is bound to the main actor,
/// so it reduces, and effects deliver and start, only there; the test store reads it there too.
final class StepRecorder<Value, Action>: @unchecked Sendable {
  /// The reducer under test, as the test wrote it.
  let reducer: Reducer<Value, Action>
  /// Where a dependency read by a step reports a failure: at that step's line.
  let dependencyFailures: DependencyFailureReporting
  /// Actions `forEach` or `ifLet` found no state for, reported by the reducer as it runs.
  let featureMisuses = LockedValue<[FeatureMisuse]>([])

  /// What effects' actions did to the state, oldest first, waiting for the test to receive them.
  var transitions = FIFOQueue<Transition<Value, Action>>()
  /// The test's sends reduced and not yet checked by their `send`.
  private var sentSteps: [SentStep] = []
  /// Runs started and not yet known to have ended or been skipped, oldest first.
  var startedEffects: [StartedEffect] = []
  private var startedEffectsPruneThreshold = 16

  init(reducer: @escaping Reducer<Value, Action>, dependencyFailures: DependencyFailureReporting) {
    self.reducer = reducer
    self.dependencyFailures = dependencyFailures
  }

  /// The reducer handed to the test store's store.
  var recordingReducer: Reducer<Value, RecordedAction<Action>> {
    { [self] state, recorded in reduce(&state, recorded) }
  }

  /// Reduces `recorded` and records the step: as the test's send, or, for an effect's action, as a
  /// transition waiting to be received.
  func reduce(
    _ state: inout Value, _ recorded: RecordedAction<Action>
  ) -> [Effect<RecordedAction<Action>>] {
    let before = state
    let step: RecordedStep
    let sender: EffectOrigin?
    switch recorded.source {
    case .test(let sent):
      step = sent
      sender = nil
    case .effect(let startedBy):
      sender = startedBy.origin
      step = RecordedStep(
        origin: EffectOrigin(
          description: "receive(\(describe(recorded.action)))", file: startedBy.origin.file,
          line: startedBy.origin.line))
    }
    dependencyFailures.setLocation(file: step.origin.file, line: step.origin.line)
    // A `forEach` or `ifLet` that finds no state for the action reports it while the reducer runs:
    // a failure at the line that sent it (the test store reports it at its next look), where the
    // app's store prints a message.
    let misuses = featureMisuses
    let origin = step.origin
    let effects = FeatureDiagnostics.$reporter.withValue({ message in
      misuses.withValue { $0.append(FeatureMisuse(message: message, origin: origin)) }
    }) {
      reducer(&state, recorded.action)
    }
    if let sender {
      transitions.append(
        Transition(action: recorded.action, before: before, after: state, sender: sender, step: step))
    } else {
      sentSteps.append(SentStep(step: step, before: before, after: state))
    }
    return effects.map { effect in
      effect
        .map { RecordedAction(action: $0, source: .effect(startedBy: step)) }
        .onStart { [weak self] lifetime in self?.effectStarted(lifetime, by: step) }
    }
  }

  /// The state before and after the test's send `step`, once the store has reduced it; nil if it
  /// has not.
  func takeSentStep(_ step: RecordedStep) -> (before: Value, after: Value)? {
    guard let index = sentSteps.firstIndex(where: { $0.step === step }) else { return nil }
    let sent = sentSteps.remove(at: index)
    return (sent.before, sent.after)
  }

  /// Keeps a run `step` started while it is running, to name it if it is still running at the end.
  private func effectStarted(_ lifetime: EffectLifetime, by step: RecordedStep) {
    // Most runs (`.sync`, merges of them) are over as they start.
    guard lifetime.isRunning else { return }
    // Pruned when the list has doubled since the last pruning: amortized O(1) per effect.
    if startedEffects.count >= startedEffectsPruneThreshold {
      startedEffects.removeAll { !$0.lifetime.isRunning }
      startedEffectsPruneThreshold = max(16, 2 * startedEffects.count)
    }
    startedEffects.append(StartedEffect(lifetime: lifetime, step: step))
  }

  /// A test's send the store reduced, until its `send` checks it.
  private struct SentStep {
    let step: RecordedStep
    let before: Value
    let after: Value
  }
}
