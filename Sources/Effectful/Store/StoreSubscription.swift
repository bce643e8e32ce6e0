import Foundation

/// A store observation that lasts until it is cancelled or released.
///
/// ```swift
/// var subscriptions: [StoreSubscription] = []
/// store.subscribe { render($0) }.store(in: &subscriptions)
/// subscriptions.removeAll()   // stops observing
/// ```
///
/// It keeps the observed store alive. Releasing it on another thread is fine: the observer is
/// removed on the store's actor shortly after.
public final class StoreSubscription: Sendable {
  private let onCancel: LockedValue<(@Sendable () -> Void)?>
  /// Whether the store is on an actor other than the main actor.
  private let isOnOtherActor: Bool
  /// That actor; weak, since the actor may hold this subscription.
  private weak let actor: (any Actor)?

  /// `onCancel` runs on the store's isolation: the main actor, or `actor`.
  init(on actor: (any Actor)?, onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = LockedValue(onCancel)
    self.isOnOtherActor = actor != nil
    self.actor = actor
  }

  /// Stops observing. Calling it again does nothing.
  ///
  /// Called on the store's own isolation, it stops at once; called elsewhere, shortly after.
  public func cancel() {
    guard let action = onCancel.take() else { return }
    if isOnOtherActor {
      // An actor that is gone took its store along: nothing is left to stop.
      guard let actor else { return }
      if ActorMarker.isCurrent(actor) {
        action()
      } else {
        Task { await Self.run(action, on: actor) }
      }
    } else if MainActorCheck.isOnMainActor {
      action()
    } else {
      Task { @MainActor in action() }
    }
  }

  private static func run(_ action: @Sendable () -> Void, on actor: isolated any Actor) {
    action()
  }

  /// Keeps this subscription in `collection` until the collection lets it go.
  public func store(in collection: inout [StoreSubscription]) {
    collection.append(self)
  }

  deinit {
    cancel()
  }
}
