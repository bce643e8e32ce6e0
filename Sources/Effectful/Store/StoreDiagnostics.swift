/// The messages a misused store stops with: what happened, and what to do instead.
@usableFromInline
enum StoreDiagnostics {
  @usableFromInline
  static func effectOutputOffMainThread<Action>(_ action: Action) -> Never {
    fatalError(
      """
      Effectful: an effect delivered "\(action)" on a background thread, but a Store lives on the \
      main actor. Deliver effect outputs on the main thread: end the effect with \
      `.receive(on: DispatchQueue.main)` (URLSession and global-queue callbacks run elsewhere).
      """)
  }

  @usableFromInline
  static func sentOffMainThread<Action>(_ action: Action) -> Never {
    fatalError(
      """
      Effectful: "\(action)" was sent to a Store from a background thread, but a Store lives on the \
      main actor. Send from the main actor (`await MainActor.run { store.send(…) }`), or deliver the \
      value through an effect that ends with `.receive(on: DispatchQueue.main)`.
      """)
  }
}
