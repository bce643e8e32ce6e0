extension TestStore {
  /// One step of the app's story that an effect caused: the action it sent, reduced when it arrived,
  /// with the state just before and just after. `receive` checks these, oldest first.
  ///
  /// Recording the step when it happens, rather than reducing the action when the test asks, is what
  /// keeps a test on the app's timeline: whatever the action's effects do (start a wait, cancel a
  /// timer) happens at the virtual time it does in the app, and the test checks it afterwards.
  struct Transition {
    let action: Action
    let before: Value
    let after: Value
    /// The call in the test that started the effect that sent the action.
    let sender: EffectOrigin
    /// Counts steps from 1, so the effects this step started can be found when it is received.
    let number: Int

    /// `.factResponse("…"), sent by an effect started by send(.factButtonTapped)`.
    var summary: String { "\(describe(action)), sent by an effect started by \(sender.description)" }
  }
}
