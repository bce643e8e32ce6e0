/// How long to measure: the full run for the report, the quick one for CI.
struct MeasurementPlan {
  /// Timed rounds per contender; the median is reported.
  let rounds: Int
  /// How long one round should take, in nanoseconds (the iteration count is calibrated to it).
  let roundNanoseconds: Double
  /// A fixed iteration count instead of a calibrated one, for profiling under callgrind, where timing
  /// means nothing but instruction counts per iteration do (`--iterations N`).
  var fixedIterations: Int?

  static let full = MeasurementPlan(rounds: 9, roundNanoseconds: 40_000_000)
  static let quick = MeasurementPlan(rounds: 5, roundNanoseconds: 2_000_000)

  /// One round of `iterations` after a warm-up of as many.
  static func fixed(_ iterations: Int) -> MeasurementPlan {
    MeasurementPlan(rounds: 1, roundNanoseconds: 0, fixedIterations: iterations)
  }
}

/// Median nanoseconds per operation of each contender that has a workload.
///
/// All contenders are set up first, then calibrated (which warms them up), then timed in interleaved
/// rounds (bare, naive, effectful, bare, …), so that a burst of load from elsewhere on the machine hits
/// all three alike and their ratios survive it.
@MainActor
func measure(_ benchmark: BenchmarkCase, plan: MeasurementPlan) -> [Contender: Double] {
  var workloads: [(Contender, Workload, iterations: Int)] = []
  for contender in Contender.allCases {
    guard let factory = benchmark.factory(for: contender) else { continue }
    let workload = factory()
    let iterations = plan.fixedIterations ?? calibrate(workload, plan: plan)
    workload(iterations)  // one untimed round at full size: the warm-up
    workloads.append((contender, workload, iterations))
  }
  var samples: [Contender: [Double]] = [:]
  for _ in 0..<plan.rounds {
    for (contender, workload, iterations) in workloads {
      let start = monotonicNanoseconds()
      workload(iterations)
      let elapsed = Double(monotonicNanoseconds() - start)
      let operations = Double(iterations * benchmark.operationsPerIteration)
      samples[contender, default: []].append(elapsed / operations)
    }
  }
  return samples.mapValues(median)
}

/// The iteration count that makes one round last about `plan.roundNanoseconds`.
@MainActor
private func calibrate(_ workload: Workload, plan: MeasurementPlan) -> Int {
  var iterations = 1
  while true {
    let start = monotonicNanoseconds()
    workload(iterations)
    let elapsed = Double(max(monotonicNanoseconds() - start, 1))
    // A tenth of a round is long enough to trust the estimate and short enough not to waste time.
    if elapsed >= plan.roundNanoseconds / 10 || iterations >= 1 << 40 {
      return max(1, Int(Double(iterations) * plan.roundNanoseconds / elapsed))
    }
    iterations *= elapsed < plan.roundNanoseconds / 1_000 ? 16 : 2
  }
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
