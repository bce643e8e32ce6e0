/// Lets the main actor run queued main-queue work until `condition` holds or `timeout` passes.
///
/// ```swift
/// store.send(.factButtonTapped)
/// #expect(await waitUntil { store.value.fact != nil })
/// ```
///
/// Effects that deliver on `DispatchQueue.main` need the main queue to come round; an awaiting
/// main-actor test lets it between polls. The timeout only bounds a failing test.
@MainActor
public func waitUntil(
  timeout: Duration = .seconds(10), _ condition: @MainActor () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now + timeout
  while !condition() {
    if clock.now >= deadline {
      // The main actor may have been busy past the deadline with our work queued behind it.
      await Task.yield()
      return condition()
    }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}
