/// Who runs a case: the limit, the episode's design, and ours.
enum Contender: String, CaseIterable {
  /// The reducer called directly, plus the least glue the case needs, written by hand.
  case bare
  /// The `EffectfulNaiveStore` module: the episode's store, recursive and without deduplication.
  case naive
  /// The `Effectful` store.
  case effectful
}

/// Performs `iterations` operations of a case. Whatever it computes must reach ``blackHole(_:)``.
typealias Workload = @MainActor (_ iterations: Int) -> Void

/// Sets up a case for one contender (outside the timed region) and returns its workload.
typealias WorkloadFactory = @MainActor () -> Workload

/// One named measurement, with a workload for each contender that has one.
struct BenchmarkCase {
  let name: CaseName
  /// How many operations one iteration performs (a whole chain counts each of its actions).
  var operationsPerIteration = 1
  var bare: WorkloadFactory?
  var naive: WorkloadFactory?
  var effectful: WorkloadFactory?

  func factory(for contender: Contender) -> WorkloadFactory? {
    switch contender {
    case .bare: bare
    case .naive: naive
    case .effectful: effectful
    }
  }

  /// This case with the workloads of every other contender removed.
  func keepingOnly(_ contender: Contender) -> BenchmarkCase {
    var copy = self
    if contender != .bare { copy.bare = nil }
    if contender != .naive { copy.naive = nil }
    if contender != .effectful { copy.effectful = nil }
    return copy
  }
}
