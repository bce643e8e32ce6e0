import Dispatch
import Effectful
import Foundation
import Testing

/// Collects values from any thread, for effects run outside a store.
final class Collected<Value: Sendable>: Sendable {
  private let storage = LockedValue<[Value]>([])
  func append(_ value: Value) { storage.withValue { $0.append(value) } }
  var values: [Value] { storage.withValue { $0 } }
}

/// Lets the main actor run queued main-queue work until `condition` holds or `timeout` passes.
///
/// Effects that deliver on `DispatchQueue.main` need the main thread to come back to its queue; an
/// awaiting main-actor test does that between polls. The timeout only bounds a failing test.
@MainActor
func waitUntil(
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
