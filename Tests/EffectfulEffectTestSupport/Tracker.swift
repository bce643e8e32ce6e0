import Observation

/// Watches what `read` reads, as a SwiftUI view watches what its `body` reads: it reads inside
/// `withObservationTracking`, and after each notification reads again, registering anew, so every
/// notification is counted, with the value read after it.
///
/// ```swift
/// let tracker = Tracker { store.value.count }
/// store.send(.increment)
/// #expect(tracker.heard == [1])
/// ```
///
/// `read` keeps nothing between readings, as a `body` keeps nothing between evaluations: a store it
/// makes is a new one each time.
@MainActor
public final class Tracker<Value> {
  /// The value read after each notification, in order (not the first reading).
  public private(set) var heard: [Value] = []
  private let read: @MainActor () -> Value

  public init(_ read: @escaping @MainActor () -> Value) {
    self.read = read
    _ = readTracked()
  }

  private func readTracked() -> Value {
    withObservationTracking {
      read()
    } onChange: { [weak self] in
      // Trackers are told on the store's actor, during the send.
      MainActor.assumeIsolated { self?.changed() }
    }
  }

  private func changed() {
    heard.append(readTracked())
  }
}
