/// One step of the app's story that an effect caused: the action it sent, reduced when it arrived,
/// with the state just before and just after. `receive` checks these, oldest first.
///
/// Recording the step when it happens, rather than reducing the action when the test asks, is what
/// keeps a test on the app's timeline: whatever the action's effects do (start a wait, cancel a
/// timer) happens at the virtual time it does in the app, and the test checks it afterwards.
struct Transition<Value, Action> {
  let action: Action
  let before: Value
  let after: Value
  /// The call in the test that started the effect that sent the action.
  let sender: EffectOrigin
  /// The step, shared with the effects it started: renamed when the test receives it.
  let step: RecordedStep

  /// `.factResponse("…"), sent by an effect started by send(.factButtonTapped)`.
  var summary: String { "\(describe(action)), sent by an effect started by \(sender.description)" }
}
