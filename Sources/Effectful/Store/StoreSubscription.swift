import Foundation

/// A store observation that lasts until it is cancelled or released.
///
/// ```swift
/// var subscriptions: [StoreSubscription] = []
/// store.subscribe { render($0) }.store(in: &subscriptions)
/// subscriptions.removeAll()   // stops observing
/// ```
///
/// It keeps the observed store alive. Releasing it on a background thread is fine: the observer is
/// removed on the main actor shortly after.
public final class StoreSubscription: Sendable {
  private let onCancel: LockedValue<(@MainActor @Sendable () -> Void)?>

  init(onCancel: @escaping @MainActor @Sendable () -> Void) {
    self.onCancel = LockedValue(onCancel)
  }

  /// Stops observing. Calling it again does nothing.
  public func cancel() {
    let action = onCancel.withValue { action in
      defer { action = nil }
      return action
    }
    guard let action else { return }
    if MainActorCheck.isOnMainActor {
      MainActor.assumeIsolated { action() }
    } else {
      Task { @MainActor in action() }
    }
  }

  /// Keeps this subscription in `collection` until the collection lets it go.
  public func store(in collection: inout [StoreSubscription]) {
    collection.append(self)
  }

  deinit {
    cancel()
  }
}
