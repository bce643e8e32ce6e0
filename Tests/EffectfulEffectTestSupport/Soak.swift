import Foundation

/// How many rounds a soak loop runs: `full` where `EFFECTFUL_SOAK=1` (CI's `.ci/run` sets it), a
/// brief `brief` otherwise, so that `swift test` on a laptop stays quick and still covers the loop.
///
/// ```swift
/// for _ in 0..<soakRounds(1_000, brief: 100) { await tellTheStory() }
/// ```
public func soakRounds(_ full: Int, brief: Int) -> Int {
  ProcessInfo.processInfo.environment["EFFECTFUL_SOAK"] == "1" ? full : brief
}
