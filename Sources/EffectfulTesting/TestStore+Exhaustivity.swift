extension TestStore {
  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then puts the previous setting
  /// back: one stretch of a test checked differently from the rest.
  ///
  /// ```swift
  /// store.withExhaustivity(.off) {
  ///   store.send(.appLaunched)
  ///   store.receive(.sessionLoaded(user)) { $0.user = user }
  /// }
  /// store.send(.logoutTapped) { $0.user = nil }   // exhaustive again
  /// ```
  ///
  /// The checks at the end of the test use the setting in force at the end.
  @discardableResult
  public func withExhaustivity<R>(_ exhaustivity: Exhaustivity, _ operation: () throws -> R) rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try operation()
  }

  /// Runs `operation`, which may suspend, with ``exhaustivity`` set to `exhaustivity`, then puts
  /// the previous setting back.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   store.send(.appLaunched)
  ///   await store.receive(.sessionLoaded(user)) { $0.user = user }
  /// }
  /// ```
  ///
  /// Otherwise the same as the synchronous ``withExhaustivity(_:_:)-2yx7n``.
  @discardableResult
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity, _ operation: () async throws -> R
  ) async rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try await operation()
  }
}
