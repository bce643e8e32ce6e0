// swift-tools-version:6.0
import PackageDescription

// Zero package dependencies: Foundation, Dispatch, XCTest and Swift Testing only.
let package = Package(
  name: "Effectful",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "Effectful", targets: ["Effectful"]),
    .library(name: "EffectfulTesting", targets: ["EffectfulTesting"]),
    .library(name: "Primes", targets: ["Primes"]),
    .library(name: "PrimeTime", targets: ["PrimeTime"]),
    .executable(name: "prime-time", targets: ["PrimeTimeApp"]),
    .executable(name: "counter", targets: ["CounterPlayground"]),
    .executable(name: "nth-prime", targets: ["NthPrimePlayground"]),
    .executable(name: "favorite-primes", targets: ["FavoritePrimesPlayground"]),
    .executable(name: "Benchmarks", targets: ["Benchmarks"]),
  ],
  targets: [
    // The library and its test tooling.
    .target(name: "Effectful"),
    .target(name: "EffectfulTesting", dependencies: ["Effectful"]),

    // The PrimeTime example features, one module each.
    .target(name: "Primes"),
    .target(name: "PrimeModal", dependencies: ["Effectful"]),
    .target(name: "Counter", dependencies: ["Effectful", "Primes", "PrimeModal"]),
    .target(name: "FavoritePrimes", dependencies: ["Effectful"]),
    .target(
      name: "PrimeTime",
      dependencies: ["Effectful", "Primes", "Counter", "PrimeModal", "FavoritePrimes"]),

    // Playground-like executables: `swift run <name>`.
    .executableTarget(
      name: "PrimeTimeApp", dependencies: ["Effectful", "Primes", "Counter", "FavoritePrimes", "PrimeTime"],
      path: "Playgrounds/prime-time"),
    .target(name: "PlaygroundSidebar", dependencies: ["Effectful"], path: "Playgrounds/Sidebar"),
    .executableTarget(
      name: "CounterPlayground", dependencies: ["Effectful", "Counter", "PlaygroundSidebar"],
      path: "Playgrounds/counter"),
    .executableTarget(
      name: "NthPrimePlayground", dependencies: ["Effectful", "Counter", "Primes", "PlaygroundSidebar"],
      path: "Playgrounds/nth-prime"),
    .executableTarget(
      name: "FavoritePrimesPlayground", dependencies: ["Effectful", "FavoritePrimes", "PlaygroundSidebar"],
      path: "Playgrounds/favorite-primes"),

    // Benchmarks: `swift run -c release Benchmarks`. The naive store is its own module so that it is
    // compiled the way a user's imported library is.
    .target(name: "NaiveStore", path: "Benchmarks/NaiveStore"),
    .executableTarget(name: "Benchmarks", dependencies: ["Effectful", "NaiveStore"], path: "Benchmarks/Benchmarks"),

    // Test support: a real HTTP server on 127.0.0.1, started by the tests themselves.
    .target(name: "HTTPTestSupport", path: "Tests/HTTPTestSupport"),
    // Test support: collecting an effect's outputs, waiting for the main queue.
    .target(name: "EffectTestSupport", dependencies: ["Effectful"], path: "Tests/EffectTestSupport"),

    .testTarget(
      name: "EffectfulTests",
      dependencies: ["Effectful", "EffectfulTesting", "EffectTestSupport", "HTTPTestSupport"]),
    .testTarget(name: "EffectfulTestingTests", dependencies: ["Effectful", "EffectfulTesting"]),
    .testTarget(name: "PrimesTests", dependencies: ["Primes"]),
    .testTarget(
      name: "CounterTests", dependencies: ["Counter", "EffectfulTesting", "EffectTestSupport", "HTTPTestSupport"]),
    .testTarget(name: "PrimeModalTests", dependencies: ["PrimeModal", "EffectfulTesting"]),
    .testTarget(name: "FavoritePrimesTests", dependencies: ["FavoritePrimes", "EffectfulTesting"]),
    .testTarget(name: "PrimeTimeTests", dependencies: ["PrimeTime", "EffectfulTesting"]),
    .testTarget(name: "PlaygroundsTests", dependencies: ["PrimeTimeApp"]),
    .testTarget(
      name: "ReliabilityTests",
      dependencies: [
        "Effectful", "EffectfulTesting", "EffectTestSupport", "Counter", "FavoritePrimes", "PrimeTime",
        "HTTPTestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
