import Foundation

/// Whether this process runs tests, and where a dependency used outside any store's values in it
/// reports its failure.
///
/// In a test process the default values (those in force outside every store and every
/// `withDependencies`) give each key's `testValue`, not its `liveValue`: a `Task.detached` in an
/// effect, or a callback on a thread of its own, has none of its store's values, and must still
/// never reach the real world. Its test value fails the test when used, as in a test store.
///
/// A test process is one of these, as SwiftPM and Xcode start them:
/// - its executable is a test bundle, `….xctest` (how `swift test` runs XCTest and Swift Testing
///   tests on Linux and Windows), or the runner `xctest` (macOS) or `swiftpm-testing-helper`
///   (SwiftPM's Swift Testing runner on macOS);
/// - an argument is `--testing-library` (SwiftPM choosing the framework);
/// - XCTest's environment is set (`XCTestConfigurationFilePath`, `XCTestBundlePath`,
///   `XCTestSessionIdentifier`: Xcode and `xcodebuild`).
///
/// Not whether XCTest or Swift Testing is loaded: an executable may link them (our Benchmarks link
/// EffectfulTesting) and still be an app.
package enum TestProcess {
  /// Whether this process runs tests: read once.
  package static let isRunning = detect(
    arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment)

  /// Whether a process started with `arguments` and `environment` runs tests.
  package static func detect(arguments: [String], environment: [String: String]) -> Bool {
    let xctestVariables = ["XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier"]
    if xctestVariables.contains(where: { environment[$0] != nil }) { return true }
    if arguments.contains("--testing-library") { return true }
    guard let executable = arguments.first else { return false }
    let name = executable.split(separator: "/").last.map(String.init) ?? executable
    return name.hasSuffix(".xctest") || name == "xctest" || name == "swiftpm-testing-helper"
  }

  /// Fails the running test with `message`, through EffectfulTesting when it is linked, else says
  /// it on standard error.
  static func report(_ message: String) {
    if let bridge = TestFramework.bridge {
      bridge.reportFailure(message)
    } else {
      FileHandle.standardError.write(Data("Effectful: \(message)\n".utf8))
    }
  }
}
