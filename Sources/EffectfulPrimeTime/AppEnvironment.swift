import EffectfulCounter
import Dispatch
import Effectful
import EffectfulFavoritePrimes
import Foundation

/// The PrimeTime app's dependencies: each screen's environment and a clock.
///
/// ```swift
/// // no network; favorites in the data directory
/// let offline = AppEnvironment.offline
/// let live = AppEnvironment.live(
///   appID: ProcessInfo.processInfo.environment["WOLFRAM_APP_ID"])
/// let test = AppEnvironment(
///   counter: counterStub,
///   favoritePrimes: favoritesStub,
///   now: { fixedDate })
/// ```
public struct AppEnvironment: Sendable {
  /// Where nth primes and facts come from.
  public var counter: CounterEnvironment
  /// Where favorite primes are saved and loaded.
  public var favoritePrimes: FavoritePrimesEnvironment
  /// The clock that timestamps the activity feed.
  public var now: @Sendable () -> Date

  /// Creates an environment from its parts.
  ///
  /// ```swift
  /// AppEnvironment(
  ///   counter: .offline, favoritePrimes: .offline, now: Date.init)
  /// ```
  public init(
    counter: CounterEnvironment,
    favoritePrimes: FavoritePrimesEnvironment,
    now: @escaping @Sendable () -> Date
  ) {
    self.counter = counter
    self.favoritePrimes = favoritePrimes
    self.now = now
  }

  /// Everything local, delivered on the main queue: primes and facts computed on this machine,
  /// favorites in `FavoritePrimesFile.defaultLocation()`, the system clock.
  ///
  /// ```swift
  /// let store = Store(
  ///   initialValue: AppState(),
  ///   reducer: appReducer(environment: .offline))
  /// ```
  public static var offline: AppEnvironment {
    offline(favoritesFile: .defaultLocation())
  }

  /// Everything local, with favorites in `favoritesFile` (read and written on `fileQueue`) and
  /// answers delivered on `mainQueue`.
  ///
  /// ```swift
  /// AppEnvironment.offline(
  ///   favoritesFile: FavoritePrimesFile(url: temporaryURL))
  /// ```
  public static func offline(
    favoritesFile: FavoritePrimesFile, mainQueue: any Scheduler = DispatchQueue.main,
    fileQueue: any Scheduler = DispatchQueue.global(qos: .userInitiated)
  ) -> AppEnvironment {
    AppEnvironment(
      counter: .offline(mainQueue: mainQueue),
      favoritePrimes: .file(favoritesFile, queue: fileQueue, mainQueue: mainQueue),
      now: { Date() })
  }

  /// Wolfram|Alpha for nth primes and numbersapi.com for facts; favorites on disk as offline.
  ///
  /// ```swift
  /// let appID = ProcessInfo.processInfo.environment[
  ///   CounterEnvironment.appIDVariable]
  /// let environment = AppEnvironment.live(appID: appID)
  /// ```
  ///
  /// Without an app id, asking for a prime fails with a message that says how to get one; facts
  /// still work. See `CounterEnvironment.live(appID:endpoints:session:mainQueue:)`.
  public static func live(
    appID: String?,
    favoritesFile: FavoritePrimesFile = .defaultLocation(),
    endpoints: LiveEndpoints = .production,
    mainQueue: any Scheduler = DispatchQueue.main,
    fileQueue: any Scheduler = DispatchQueue.global(qos: .userInitiated)
  ) -> AppEnvironment {
    AppEnvironment(
      counter: .live(appID: appID, endpoints: endpoints, mainQueue: mainQueue),
      favoritePrimes: .file(favoritesFile, queue: fileQueue, mainQueue: mainQueue),
      now: { Date() })
  }
}
