// `swift run -c release Benchmarks`: the Effectful store against the bare reducer and the episode's naive
// store, in one process. See BENCHMARKS.md for what each case means.
import EffectfulProcessUsage
import Foundation

let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(2)
}
if options.showHelp {
  print(Options.usage)
  exit(0)
}
if let depth = options.naiveChainProbeDepth {
  NaiveChainProbe.runChild(depth: depth)
}

let plan = options.iterations.map(MeasurementPlan.fixed) ?? (options.quick ? .quick : .full)
let machine = Machine.description
let suite = CaseName.suite()
  .filter { benchmark in options.filter.map { benchmark.name.matches(filter: $0) } ?? true }
  .map { benchmark in options.only.map(benchmark.keepingOnly) ?? benchmark }

func progress(_ text: String) {
  FileHandle.standardError.write(Data("\(text)\n".utf8))
}

var results: [CaseResult] = []
for benchmark in suite {
  progress("measuring \(benchmark.name.rawValue)")
  var result = CaseResult(name: benchmark.name, nanosecondsPerOperation: measure(benchmark, plan: plan))
  switch benchmark.name {
  case .cancelStartCancel where benchmark.effectful != nil && options.iterations == nil:
    result.memory = EffectfulWorkloads.cancelMemoryCheck(cycles: 1_000_000)
  case .observationFields100 where benchmark.effectful != nil:
    result.fieldNotifications = Fields100.check(actions: 10_000)
  case .chainSync1M where (options.only == nil || options.only == .naive) && options.iterations == nil:
    result.naiveDeepestChain = NaiveChainProbe.deepestChain(
      limit: CaseName.chainLength, precision: options.quick ? 0.1 : 0.01)
  default:
    break
  }
  results.append(result)
  progress("  peak RSS so far: \(formatBytes(ProcessUsage.peakResidentBytes))")
}

let peakResidentBytes = ProcessUsage.peakResidentBytes
let report = RunReport(
  mode: options.quick
    ? "quick: \(plan.rounds) rounds of ~\(Int(plan.roundNanoseconds / 1e6)) ms per contender, rough numbers"
    : "full: \(plan.rounds) rounds of ~\(Int(plan.roundNanoseconds / 1e6)) ms per contender, interleaved",
  machine: machine,
  results: results,
  peakResidentBytes: peakResidentBytes,
  targets: TargetCheck.evaluate(results, peakResidentBytes: peakResidentBytes))
print(renderTable(report))

if let path = options.jsonPath {
  do {
    try JSONReport.write(report, to: path)
    print("\nJSON written to \(path)")
  } catch {
    progress("could not write \(path): \(error)")
    exit(1)
  }
}
// Read the sink once, so that no store into it can be proven dead.
if blackHoleSink == Int.min { print("") }
