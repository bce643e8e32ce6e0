// swift-tools-version:6.0
import PackageDescription

// Zero package dependencies: Foundation, Dispatch, XCTest and Swift Testing only.
//
// SwiftPM wants target names unique across a whole package graph, so every target here that is not
// the library itself carries the `Effectful` prefix: a package that depends on Effectful stays free
// to name its own features `Counter`, `PrimeModal`, `FavoritePrimes`, `Primes`, `PrimeTime` or
// `Tutorial`. (Test targets never enter a dependent's graph, so they keep short names.)
// `Tests/Fixtures/DependentPackage` checks this in CI.
//
// Products: only the library and its test tooling. The example features are for reading and running,
// not for depending on: exporting them would promise their API and take product names from users.
// The platform floor is where task executors begin (macOS 15, iOS 18): a test store runs its effects
// on an executor of its own, which is what makes virtual time deterministic. Below it there was no
// such mechanism, and a test's story was wrong in almost every run.
let package = Package(
  name: "Effectful",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
  products: [
    .library(name: "Effectful", targets: ["Effectful"]),
    .library(name: "EffectfulTesting", targets: ["EffectfulTesting"]),
    .executable(name: "prime-time", targets: ["EffectfulPrimeTimeApp"]),
    .executable(name: "counter", targets: ["EffectfulCounterPlayground"]),
    .executable(name: "nth-prime", targets: ["EffectfulNthPrimePlayground"]),
    .executable(name: "favorite-primes", targets: ["EffectfulFavoritePrimesPlayground"]),
    .executable(name: "tutorial", targets: ["EffectfulTutorialPlayground"]),
    .executable(name: "counters", targets: ["EffectfulCountersPlayground"]),
    .executable(name: "sessions", targets: ["EffectfulSessionsPlayground"]),
    .executable(name: "Benchmarks", targets: ["EffectfulBenchmarks"]),
  ],
  targets: [
    // The library and its test tooling.
    .target(name: "Effectful"),
    .target(name: "EffectfulTesting", dependencies: ["Effectful"]),

    // The PrimeTime example features, one module each.
    .target(name: "EffectfulPrimes"),
    .target(name: "EffectfulPrimeModal", dependencies: ["Effectful"]),
    .target(name: "EffectfulCounter", dependencies: ["Effectful", "EffectfulPrimes", "EffectfulPrimeModal"]),
    .target(name: "EffectfulFavoritePrimes", dependencies: ["Effectful", "EffectfulPrimes"]),
    .target(
      name: "EffectfulPrimeTime",
      dependencies: [
        "Effectful", "EffectfulPrimes", "EffectfulCounter", "EffectfulPrimeModal", "EffectfulFavoritePrimes",
      ]),
    // The Composable Architecture tutorial's counter, in the async dialect.
    .target(name: "EffectfulTutorial", dependencies: ["Effectful", "EffectfulPrimes"]),
    // A list of counters with a detail: forEach, ifLet, and effects that belong to their row.
    .target(name: "EffectfulCounters", dependencies: ["Effectful", "EffectfulPrimes"]),

    // Playground-like executables: `swift run <name>`.
    .executableTarget(
      name: "EffectfulPrimeTimeApp",
      dependencies: [
        "Effectful", "EffectfulPrimes", "EffectfulCounter", "EffectfulPrimeModal", "EffectfulFavoritePrimes",
        "EffectfulPrimeTime",
      ],
      path: "Playgrounds/prime-time"),
    .target(name: "EffectfulPlaygroundSidebar", dependencies: ["Effectful"], path: "Playgrounds/Sidebar"),
    .executableTarget(
      name: "EffectfulCounterPlayground",
      dependencies: ["Effectful", "EffectfulCounter", "EffectfulPlaygroundSidebar"],
      path: "Playgrounds/counter"),
    .executableTarget(
      name: "EffectfulNthPrimePlayground",
      dependencies: ["Effectful", "EffectfulCounter", "EffectfulPrimes", "EffectfulPlaygroundSidebar"],
      path: "Playgrounds/nth-prime"),
    .executableTarget(
      name: "EffectfulFavoritePrimesPlayground",
      dependencies: ["Effectful", "EffectfulFavoritePrimes", "EffectfulPlaygroundSidebar"],
      path: "Playgrounds/favorite-primes"),
    .executableTarget(
      name: "EffectfulTutorialPlayground",
      dependencies: ["Effectful", "EffectfulTutorial", "EffectfulPlaygroundSidebar"],
      path: "Playgrounds/tutorial"),
    .executableTarget(
      name: "EffectfulCountersPlayground",
      dependencies: ["Effectful", "EffectfulCounters", "EffectfulPlaygroundSidebar"],
      path: "Playgrounds/counters"),
    // Sessions on actors of their own, fed concurrently: a server's shape.
    .executableTarget(
      name: "EffectfulSessionsPlayground", dependencies: ["Effectful", "EffectfulProcessUsage"],
      path: "Playgrounds/sessions"),
    // CPU time and peak memory from the kernel, printed by the sessions playground and the benchmarks.
    .target(name: "EffectfulProcessUsage", path: "Playgrounds/ProcessUsage"),

    // Benchmarks: `swift run -c release Benchmarks`. The naive store is its own module so that it is
    // compiled the way a user's imported library is.
    .target(name: "EffectfulNaiveStore", path: "Benchmarks/NaiveStore"),
    .executableTarget(
      name: "EffectfulBenchmarks", dependencies: ["Effectful", "EffectfulTesting", "EffectfulNaiveStore", "EffectfulProcessUsage"],
      path: "Benchmarks/Benchmarks"),
    // One nthPrime search, timed: `Scripts/compare-primesieve` runs it against primesieve.
    .executableTarget(
      name: "EffectfulNthPrimeBench", dependencies: ["EffectfulPrimes"], path: "Benchmarks/NthPrime"),

    // Test support: a real HTTP server on 127.0.0.1, started by the tests themselves.
    .target(name: "EffectfulHTTPTestSupport", path: "Tests/EffectfulHTTPTestSupport"),
    // Test support: collecting an effect's outputs, waiting for the main queue.
    .target(
      name: "EffectfulEffectTestSupport", dependencies: ["Effectful"],
      path: "Tests/EffectfulEffectTestSupport"),

    .testTarget(
      name: "EffectfulTests",
      dependencies: [
        "Effectful", "EffectfulTesting", "EffectfulEffectTestSupport", "EffectfulHTTPTestSupport",
      ]),
    .testTarget(
      name: "EffectfulTestingTests",
      dependencies: ["Effectful", "EffectfulTesting", "EffectfulEffectTestSupport"]),
    // The code of the DocC articles, compiled and run: `Scripts/check-docs.swift` checks that every
    // ```swift block of an article is found here, line for line.
    .testTarget(name: "EffectfulDocumentationTests", dependencies: ["Effectful", "EffectfulTesting"]),
    // The seeds' feature form, as the seeds write it: ReducerProtocol, Scope, reflected case paths.
    .testTarget(name: "FeatureFormTests", dependencies: ["Effectful", "EffectfulTesting"]),
    .testTarget(name: "PrimesTests", dependencies: ["EffectfulPrimes"]),
    .testTarget(
      name: "CounterTests",
      dependencies: [
        "EffectfulCounter", "EffectfulTesting", "EffectfulEffectTestSupport", "EffectfulHTTPTestSupport",
      ]),
    .testTarget(name: "PrimeModalTests", dependencies: ["EffectfulPrimeModal", "EffectfulTesting"]),
    .testTarget(name: "FavoritePrimesTests", dependencies: ["EffectfulFavoritePrimes", "EffectfulTesting"]),
    .testTarget(name: "PrimeTimeTests", dependencies: ["EffectfulPrimeTime", "EffectfulTesting"]),
    .testTarget(
      name: "TutorialTests",
      dependencies: ["EffectfulTutorial", "Effectful", "EffectfulTesting", "EffectfulHTTPTestSupport"]),
    .testTarget(name: "CountersTests", dependencies: ["EffectfulCounters", "Effectful", "EffectfulTesting"]),
    .testTarget(
      name: "PlaygroundsTests", dependencies: ["EffectfulPrimeTimeApp", "EffectfulEffectTestSupport"]),
    .testTarget(
      name: "ReliabilityTests",
      dependencies: [
        "Effectful", "EffectfulTesting", "EffectfulEffectTestSupport", "EffectfulCounter",
        "EffectfulFavoritePrimes", "EffectfulPrimeTime", "EffectfulHTTPTestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
