import Effectful
import Foundation

/// A small, fast, seedable generator, so every random run can be replayed from its printed seed.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The seed for randomized checks: `EFFECTFUL_SEED` replays a run, otherwise a fresh one.
func reliabilitySeed() -> UInt64 {
  if let text = ProcessInfo.processInfo.environment["EFFECTFUL_SEED"], let seed = UInt64(text) {
    return seed
  }
  return UInt64.random(in: 1...UInt64.max)
}
