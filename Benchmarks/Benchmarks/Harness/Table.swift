/// The report as text: the table, what some cases found besides, and the targets.
func renderTable(_ report: RunReport) -> String {
  var lines = [
    "Effectful benchmarks (\(report.mode)): median ns per operation, lower is better",
    "machine: \(report.machine)",
    "",
  ]
  // As wide as the longest case name and a space.
  let nameWidth = (CaseName.allCases.map(\.rawValue.count).max() ?? 36) + 1
  let header = [
    pad("case", nameWidth, left: true), pad("bare", 11), pad("naive", 12), pad("effectful", 11),
    pad("eff/bare", 9), pad("naive/eff", 10),
  ]
  lines.append(header.joined())
  lines.append(String(repeating: "-", count: header.joined().count))
  for result in report.results {
    let values = result.nanosecondsPerOperation
    let naiveCell: String
    if let naive = values[.naive] {
      naiveCell = formatNanoseconds(naive)
    } else if result.naiveDeepestChain != nil {
      naiveCell = "crashes*"
    } else {
      naiveCell = "—"
    }
    let row = [
      pad(result.name.rawValue, nameWidth, left: true),
      pad(values[.bare].map(formatNanoseconds) ?? "—", 11),
      pad(naiveCell, 12),
      pad(values[.effectful].map(formatNanoseconds) ?? "—", 11),
      pad(ratio(values[.effectful], values[.bare]), 9),
      pad(ratio(values[.naive], values[.effectful]), 10),
    ]
    lines.append(row.joined())
  }
  lines.append("")
  if let chain = report.result(.chainSync1M)?.naiveDeepestChain {
    lines.append("* chain.sync1M, naive: \(describe(chain))")
  }
  if let memory = report.result(.cancelStartCancel)?.memory {
    lines.append("cancel.startCancel, effectful: \(describe(memory))")
  }
  if let told = report.result(.observationFields100)?.fieldNotifications {
    lines.append("observation.fields100.unreadFieldChanges, effectful: \(describe(told))")
  }
  lines.append("peak RSS: \(formatBytes(report.peakResidentBytes)) (VmHWM of this process)")
  lines.append("")
  lines.append("targets (reported, never enforced):")
  for check in report.targets {
    let mark = check.met.map { $0 ? "met   " : "MISSED" } ?? "n/a   "
    lines.append("  [\(mark)] \(check.target): \(check.detail)")
  }
  return lines.joined(separator: "\n")
}

/// The naive store's deepest chain in words.
func describe(_ chain: ChainDepthReport) -> String {
  if let error = chain.error { return error }
  let stack = chain.stackLimitBytes.map { ", main-thread stack \(formatBytes($0))" } ?? ""
  guard let crash = chain.firstCrash else {
    return
      "finished every chain up to \(formatCount(chain.survived)) actions (\(chain.probes) child processes)"
  }
  return "survives a chain of \(formatCount(chain.survived)) actions, crashes (stack overflow) at "
    + "\(formatCount(crash)); found in \(chain.probes) child processes\(stack)"
}

private func ratio(_ numerator: Double?, _ denominator: Double?) -> String {
  guard let numerator, let denominator, denominator > 0 else { return "" }
  return format(numerator / denominator) + "×"
}

private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
  let padding = String(repeating: " ", count: max(0, width - text.count))
  return left ? text + padding : padding + text
}
