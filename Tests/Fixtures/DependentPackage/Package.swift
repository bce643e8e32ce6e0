// swift-tools-version:6.0
import PackageDescription

// A package as a user would write one: it depends on Effectful and names its own features exactly
// as the episode and the tutorial do. If Effectful ever declares a target with one of these names
// again, this package no longer resolves (SwiftPM wants target names unique across the graph).
let package = Package(
  name: "DependentPackage",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
  dependencies: [.package(name: "Effectful", path: "../../..")],
  targets: [
    .target(name: "Primes"),
    .target(name: "PrimeModal", dependencies: [.product(name: "Effectful", package: "Effectful")]),
    .target(name: "Counter", dependencies: ["Primes", .product(name: "Effectful", package: "Effectful")]),
    .target(name: "FavoritePrimes", dependencies: [.product(name: "Effectful", package: "Effectful")]),
    .target(name: "Tutorial", dependencies: [.product(name: "Effectful", package: "Effectful")]),
    .target(
      name: "PrimeTime",
      dependencies: [
        "Counter", "PrimeModal", "FavoritePrimes", "Tutorial", .product(name: "Effectful", package: "Effectful"),
      ]),
    .testTarget(
      name: "PrimeTimeTests",
      dependencies: ["PrimeTime", .product(name: "EffectfulTesting", package: "Effectful")]),
    .testTarget(
      name: "NavigationStories",
      dependencies: [
        .product(name: "Effectful", package: "Effectful"),
        .product(name: "EffectfulTesting", package: "Effectful"),
      ]),
    .testTarget(
      name: "TutorialTests",
      dependencies: [
        "Tutorial", .product(name: "Effectful", package: "Effectful"),
        .product(name: "EffectfulTesting", package: "Effectful"),
      ]),
    // The fifth outside review's findings (issue 36) a client can see, written with the public API.
    .testTarget(
      name: "ReviewFiveStories",
      dependencies: [
        .product(name: "Effectful", package: "Effectful"),
        .product(name: "EffectfulTesting", package: "Effectful"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
