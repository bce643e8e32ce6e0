import Effectful
import Foundation

/// Wraps the app's reducer so that every favorite prime the user adds or removes is recorded in
/// ``AppState/activityFeed``, timestamped by `now`.
///
/// ```swift
/// let reducer = activityFeed(features, now: { Date() })
/// // the is-prime screen's save, with count 7:
/// // activityFeed == [Activity(timestamp: now(), type:
/// // .addedFavoritePrime(7))]
/// ```
///
/// It records what the gesture actually changed, by comparing the favorites before and after: a
/// save of a prime already saved records nothing, and deleting several rows at once records each
/// prime removed. Loading favorites from disk replaces the list without the user editing it, and
/// is not recorded.
public func activityFeed(
  _ reducer: @escaping Reducer<AppState, AppAction>,
  now: @escaping @Sendable () -> Date
) -> Reducer<AppState, AppAction> {
  { state, action in
    let before = state.favoritePrimes
    let effects = reducer(&state, action)
    guard action.isFavoritesEdit else { return effects }
    let changes = favoritesChanges(from: before, to: state.favoritePrimes)
    if !changes.isEmpty {
      let timestamp = now()
      state.activityFeed += changes.map { Activity(timestamp: timestamp, type: $0) }
    }
    return effects
  }
}

extension AppAction {
  /// Whether this is a gesture by which the user adds or removes favorite primes.
  var isFavoritesEdit: Bool {
    switch self {
    case .path(.element(_, .counter(.primeModal(.presented)))): return true
    case .path(.element(_, .favorites(.deleteFavoritePrimes))): return true
    default: return false
    }
  }
}

/// The removals, then the additions, that turn `before` into `after`, counting duplicates.
private func favoritesChanges(from before: [Int], to after: [Int]) -> [Activity.ActivityType] {
  var unmatched = after
  var removed: [Activity.ActivityType] = []
  for prime in before {
    if let index = unmatched.firstIndex(of: prime) {
      unmatched.remove(at: index)
    } else {
      removed.append(.removedFavoritePrime(prime))
    }
  }
  return removed + unmatched.map { .addedFavoritePrime($0) }
}
