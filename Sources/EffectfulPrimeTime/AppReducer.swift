import EffectfulCounter
import Effectful
import EffectfulFavoritePrimes
import Foundation

/// Builds the PrimeTime app's logic: the counter screen and the favorite primes screen pulled back
/// to the app and combined, with the activity feed, and logging when asked for.
///
/// ```swift
/// let store = Store(
///   initialValue: AppState(),
///   reducer: appReducer(environment: .offline))
/// let logged = appReducer(environment: .offline, logging: { print($0) })
/// ```
///
/// - Parameters:
///   - environment: Where answers come from and favorites are kept, and the feed's clock.
///   - printer: When given, every action and the state after it are handed to it, after the
///     reducer has run (see `logging(_:printer:)`); `nil`, the default, logs nothing.
public func appReducer(
  environment: AppEnvironment,
  logging printer: (@Sendable (String) -> Void)? = nil
) -> Reducer<AppState, AppAction> {
  let screens = combine(
    pullback(
      counterViewReducer(environment: environment.counter),
      value: \AppState.counterView,
      action: AppAction.counterViewCase),
    pullback(
      favoritePrimesReducer(environment: environment.favoritePrimes),
      value: \AppState.favorites,
      action: AppAction.favoritePrimesCase)
  )
  let app = activityFeed(favoritesStatusEndsWithAnEdit(screens), now: environment.now)
  guard let printer else { return app }
  return logging(app, printer: printer)
}
