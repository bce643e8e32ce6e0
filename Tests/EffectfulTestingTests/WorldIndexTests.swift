@testable import EffectfulTesting
import Effectful
import Testing

/// Every store made in the process looks up the world of the task making it, while the tests of a
/// whole suite keep hundreds of worlds alive: a lookup costs the same however many there are.
@Suite("The index of worlds: a lookup costs one probe, however many worlds are alive")
struct WorldIndexTests {
  @Test("Ten thousand lookups among a thousand live worlds look at about ten thousand entries")
  func lookupsDoNotWalkTheLiveWorlds() async {
    let index = LockedValue(WorldIndex())
    // A thousand worlds, each made by a task of its own and kept alive, as a suite's tests keep
    // theirs while they run.
    let kept = await withTaskGroup(of: VirtualWorld.self) { group in
      for _ in 0..<1_000 {
        group.addTask { VirtualWorld.world(makingOne: true, in: index)! }
      }
      return await group.reduce(into: [VirtualWorld]()) { $0.append($1) }
    }
    #expect(Set(kept.map(ObjectIdentifier.init)).count == 1_000)
    let before = index.withValue { $0.visits }
    // A plain store made by a task that made no world asks for its world and finds none: before,
    // each such lookup walked every live world (ten million entries here).
    for _ in 0..<10_000 {
      #expect(VirtualWorld.world(makingOne: false, in: index) == nil)
    }
    let visits = index.withValue { $0.visits } - before
    #expect(visits <= 10_000, "\(visits) entries looked at")
    withExtendedLifetime(kept) {}
  }

  @Test("Worlds that are gone are swept, so the index stays proportional to the live ones")
  func goneWorldsAreSwept() async {
    let index = LockedValue(WorldIndex())
    for _ in 0..<10_000 {
      _ = await Task { VirtualWorld.world(makingOne: true, in: index)! }.value
    }
    // Each task's world was gone before the next was made: the sweeps' work is paid for by the
    // insertions between them.
    let visits = index.withValue { $0.visits }
    #expect(visits <= 3 * 10_000, "\(visits) entries looked at")
  }
}
