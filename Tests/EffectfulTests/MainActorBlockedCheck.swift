import Dispatch
import Foundation

/// Runs a check that blocks the main actor in a child process of this test binary: the suite named
/// `childSuite` reads `EFFECTFUL_CHILD_CASE` and prints what it saw.
///
/// In the full suite, other tests that wait for the main actor on a thread of the cooperative pool
/// would hold the threads an actor's store needs while the main actor is blocked, and time the
/// check out whatever the library does; alone in its process, the check sees only the library.
func runMainActorBlockedCheck(childSuite: String, case name: String) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments = ["--testing-library", "swift-testing", "--filter", childSuite]
  var environment = ProcessInfo.processInfo.environment
  environment["EFFECTFUL_CHILD_CASE"] = name
  process.environment = environment
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  return output
}

/// The case a child process was started for, `nil` in the parent.
var mainActorBlockedCheckCase: String? { ProcessInfo.processInfo.environment["EFFECTFUL_CHILD_CASE"] }
