/// What a stack's `forEach` reports: a push with an id out of order.
enum StackDiagnostics {
  /// Reports that `action` pushed with `id` where the store's next id is `expected`.
  static func reportOutOfOrderPush(_ id: StackElementID, expected: StackElementID, action: some Any) {
    FeatureDiagnostics.report(
      """
      Effectful: a stack's forEach received \(StoreDiagnostics.excerpt(of: action)), which pushes \
      with id \(id), but the store's next id is \(expected); nothing changed. Ids are handed out \
      once, in order: push with `.push(id: \(expected.generation), state: …)`, or append to the \
      StackState in a reducer and let it take the next id.
      """)
  }
}
