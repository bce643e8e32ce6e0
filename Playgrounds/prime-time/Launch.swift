import EffectfulCounter
import EffectfulFavoritePrimes
import Foundation
import EffectfulPrimeTime

/// The environment the app runs in, chosen from its options and the process environment, with what
/// the user should know about the choice.
///
/// ```swift
/// let launch = Launch(options: options, processEnvironment: ProcessInfo.processInfo.environment)
/// launch.warnings.forEach(printToStandardError)
/// let store = Store(initialValue: AppState(), reducer: appReducer(environment: launch.environment))
/// ```
///
/// `--live` without `WOLFRAM_APP_ID` does not stop the app: facts still come from numbersapi.com,
/// nth primes are computed offline, and a warning says so and how to get an app id.
struct Launch {
  var environment: AppEnvironment
  /// "offline", "live", or "live (nth primes offline)".
  var environmentName: String
  var favoritesFile: FavoritePrimesFile
  /// Sentences for stderr, before the app starts.
  var warnings: [String] = []

  init(options: LaunchOptions, processEnvironment: [String: String]) {
    favoritesFile =
      options.favoritesPath.map { FavoritePrimesFile(url: URL(fileURLWithPath: $0)) }
      ?? .defaultLocation(environment: processEnvironment)

    guard options.isLive else {
      environment = .offline(favoritesFile: favoritesFile)
      environmentName = "offline"
      return
    }
    let appID = processEnvironment[CounterEnvironment.appIDVariable].flatMap { $0.isEmpty ? nil : $0 }
    environment = .live(appID: appID, favoritesFile: favoritesFile)
    environmentName = "live"
    if appID == nil {
      environment.counter.nthPrime = CounterEnvironment.offline.nthPrime
      environmentName = "live (nth primes offline)"
      warnings.append(
        "prime-time: --live needs a Wolfram|Alpha app id in \(CounterEnvironment.appIDVariable) "
          + "(get one at developer.wolframalpha.com). Without one, nth primes are computed offline; "
          + "facts still come from numbersapi.com.")
    }
  }
}
